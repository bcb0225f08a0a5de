import type { RESOLVE_EN } from "./resolve.en.js";

/** Las palabras de las páginas de Resolve en español: cada clave de `RESOLVE_EN`, con los mismos argumentos. */
export const RESOLVE_ES = {
  "resolve.intro":
    "Revise a su propio ritmo las comunicaciones de cobro de deudas, prepare solicitudes neutrales y lea las ofertas que un acreedor haya aprobado.",
  "resolve.noAcceptance.title": "Aquí no se acepta ni se paga nada",
  "resolve.noAcceptance.body":
    "Este servicio solo le muestra información y guarda sus borradores. Nunca envía nada, nunca acepta una oferta y nunca cobra un pago. Si decide aceptar una oferta, lo hace usted mismo con el acreedor. Usar Resolve es gratis.",
  "resolve.guide.title": "La guía",
  "resolve.guide.rules": "Normas:",
  "resolve.guide.sourcesTitle": "Cartas modelo, fuentes y dónde presentar una queja",
  "resolve.guide.sourcesIntro":
    "Este servicio solo redacta solicitudes neutrales. Para disputar una deuda o pedirle a un cobrador que deje de comunicarse con usted, la CFPB publica sus propias cartas para que las use si así lo decide; usar una no es asesoría legal.",
  "resolve.guide.sampleLettersItem":
    "{link} (entre ellas, la carta para disputar una deuda que usted no cree deber, la carta para pedir que dejen de comunicarse con usted y la carta para pedir más información sobre una deuda)",
  "resolve.guide.attorneyGeneralItem": "{link}, para presentar una queja en su estado",
  "resolve.link.sampleLetters": "las cartas modelo de la CFPB para cobradores de deudas",
  "resolve.link.dispute": "las cartas modelo de la CFPB (elija “{letter}”, la carta para disputar una deuda que usted no cree deber)",
  "resolve.link.stopContacting": "su carta modelo “{letter}”, para pedir que dejen de comunicarse con usted (un archivo de Word)",
  "resolve.link.inEnglish": "(en inglés)",
  "resolve.link.complaint": "Presentar una queja ante la CFPB",
  "resolve.link.attorneyGeneral": "Encuentre al fiscal general de su estado",
  "resolve.link.regulationF": "El Reglamento F (12 CFR parte 1006) en eCFR.gov",
  "resolve.offers.title": "Ofertas aprobadas",
  "resolve.offers.emptyTitle": "No hay ofertas aprobadas por ahora",
  "resolve.offers.emptyBody":
    "Cuando un acreedor apruebe condiciones para una cuenta de la que usted esté verificado como titular, aparecerán aquí hasta que venzan.",
  "resolve.offers.caption": "Ofertas que los acreedores aprobaron para sus cuentas",
  "resolve.offers.column.reference": "Referencia de la cuenta",
  "resolve.offers.column.actBy": "Fecha límite",
  "resolve.offers.column.terms": "Condiciones",
  "resolve.offers.expires": "(vence: {time})",
  "resolve.offers.readTerms": "Leer las condiciones de {reference}",
  "resolve.offers.expiredTitle": "Ofertas vencidas",
  "resolve.offers.expiredIntro":
    "Estas ofertas vencieron en los últimos {days} días. Ya no se muestran sus condiciones y nada de lo que haga en esta página puede aceptarlas. Solo el acreedor puede decirle si una oferta sigue vigente.",
  "resolve.offers.expiredCaption": "Ofertas que vencieron en los últimos {days} días, de la más reciente a la más antigua",
  "resolve.offers.column.expired": "Venció",
  "resolve.offers.column.about": "Qué significa",
  "resolve.offers.aboutExpired": "Sobre la oferta para {reference}",
  "resolve.drafts.title": "Sus borradores de solicitud",
  "resolve.drafts.caption": "Sus borradores de solicitud, del más reciente al más antiguo",
  "resolve.drafts.emptyHint":
    "Escriba uno abajo o pídale a su agente de IA que lo prepare. No se envía nada: usted lo revisa aquí.",
  "resolve.form.title": "Escribir un borrador de solicitud",
  "resolve.form.notSaved": "Su borrador no se guardó",
  // The kinds and the default way of sending show in a select at 390 px, which cannot wrap: 30 characters at most.
  "resolve.form.kind.documents": "Pedir documentos de la deuda",
  "resolve.form.kind.contact_preference": "Limitar el contacto con usted",
  "resolve.form.kind.label": "¿Qué quiere pedir?",
  "resolve.form.recipient.label": "¿A quién va dirigida?",
  "resolve.form.recipient.hint": "El cobrador de deudas o el acreedor, con el nombre que ellos usan.",
  "resolve.form.reference.label": "Número de referencia del cobrador (opcional)",
  "resolve.form.reference.hint": "La referencia que aparece en la carta o el mensaje del cobrador. Nunca su número de Seguro Social ni el de una tarjeta.",
  "resolve.form.channel.label": "¿Cómo piensa enviarla?",
  "resolve.form.channel.hint": "Usted la envía: el servicio nunca la envía y un cobrador no puede responder a través de él.",
  "resolve.form.note":
    "Al guardar, se conserva un borrador para usted. No se envía: usted copia la carta y la envía si así lo decide. Para una preferencia de contacto, en la página siguiente indica qué horarios, lugares y medios de contacto no quiere.",
  "resolve.form.submit": "Guardar el borrador",
  "resolve.form.problem.kind": "Elija qué quiere pedir.",
  "resolve.form.problem.recipient":
    "Escriba a quién va dirigida la carta: el cobrador o el acreedor, con el nombre que ellos usan, en 120 caracteres como máximo.",
  "resolve.form.problem.recipientPersonalData":
    "Esto parece un número de Seguro Social, de tarjeta o de cuenta bancaria, así que no se guardó. Escriba solo el nombre del cobrador o del acreedor.",
  "resolve.form.problem.reference": "La referencia puede tener 80 caracteres como máximo. Puede dejarla en blanco.",
  "resolve.form.problem.referencePersonalData":
    "Esto parece un número de Seguro Social, de tarjeta o de cuenta bancaria, así que no se guardó. Escriba solo la referencia que aparece en su carta, o déjela en blanco.",
  "resolve.form.problem.channel": "Elija cómo piensa enviarla.",
  "resolve.form.problem.repeated":
    "Este formulario ya se usó para guardar otro borrador. Sus borradores aparecen en esta página; envíe el formulario de nuevo para guardar este como un borrador nuevo.",
  "resolve.form.problem.other": "Revise lo que escribió y envíe el formulario de nuevo.",
  "resolve.channel.service": "Sin decidir (queda guardado)",
  "resolve.channel.mail": "Por correo postal",
  "resolve.channel.email": "Por correo electrónico, a una dirección que el cobrador acepte",
  "resolve.channel.written": "Por escrito de otra forma (en persona, por mensajería o por el sitio web del cobrador)",
  "resolve.channelNote.service":
    "Desde aquí no se envía nada y un cobrador no puede responder a través de este servicio: la carta pide una respuesta por correo postal.",
  "resolve.channelNote.email":
    "Un correo electrónico cuenta como solicitud por escrito solo si se envía a una dirección que el cobrador acepte para mensajes de los consumidores. La carta tiene un espacio para su dirección de correo electrónico.",
  "resolve.channelNote.written":
    "Un mensaje en un sitio web cuenta como solicitud por escrito solo si se envía por un portal que el cobrador acepte para mensajes de los consumidores.",
  "resolve.letter.title": "Su carta, lista para que usted la envíe",
  "resolve.letter.intro":
    "El servicio nunca la envía. Cópiela, complete los espacios marcados entre corchetes (su nombre, su dirección, la fecha, su firma, y cómo y cuándo se comunicó con usted el cobrador) y envíela usted mismo si así lo decide.",
  "resolve.letter.discardedTitle": "Esta solicitud se descartó",
  "resolve.letter.discarded":
    "Su carta ya no se ofrece para copiar, imprimir ni descargar. Si todavía quiere hacerle la solicitud al cobrador, escriba una nueva en Resolve.",
  "resolve.letter.channel": "Cómo piensa enviarla",
  "resolve.letter.heading": "La carta",
  "resolve.letter.copy": "Copiar la carta",
  "resolve.letter.pdfLink": "Descargar la carta en PDF",
  "resolve.letter.files": "{link} para imprimirla o adjuntarla, o imprima esta página: solo se imprime la carta.",
  "resolve.letter.language.legend": "Idioma de la carta",
  "resolve.letter.language.hint": "La carta puede estar en un idioma distinto al de esta página: elija el que leerá el cobrador.",
  "resolve.letter.language.submit": "Mostrar la carta en este idioma",
  "resolve.letter.pdfTitle": "Carta a un cobrador de deudas",
  "resolve.letter.pdfSubject": "Carta para {recipient}",
  "resolve.letter.pdfRefusedTitle": "No se creó el archivo de la carta",
  "resolve.letter.pdfRefused":
    "No se pudieron usar algunas de las opciones de su dirección, y una carta sin ellas no diría lo que usted eligió. Vuelva a la carta, revise las opciones y descárguela de nuevo.",
  "resolve.letter.backToLetter": "Volver a la carta",
  "resolve.letter.pdfLimited": "Ha creado muchos archivos de cartas en el último minuto. Vuelva a intentarlo en {seconds} segundos.",
  "resolve.choices.title": "Lo que usted no quiere",
  "resolve.choices.intro":
    "Dígalo con sus propias palabras y la carta de abajo lo reflejará. Estas opciones solo quedan en la dirección de esta página (guárdela en sus marcadores para volver), el servicio no las guarda y no se envía nada: copie, imprima o descargue la carta cuando diga lo que usted quiere.",
  "resolve.choices.notUpdated": "La carta no se actualizó",
  "resolve.choices.times.label": "Horarios que no le convienen (opcional)",
  "resolve.choices.times.hint":
    "Por ejemplo: antes de las 10 a. m., o después de las 6 p. m. entre semana. Ya se considera inconveniente cualquier contacto antes de las 8 a. m. o después de las 9 p. m.",
  "resolve.choices.zone.label": "Zona horaria de esos horarios",
  "resolve.choices.zone.choose": "Elija una zona horaria",
  "resolve.choices.zone.hint": "La carta nombra esta zona después de sus horarios. Si no elige ninguna, dice «mi hora local».",
  "resolve.choices.zone.browser": "Su navegador indica esta zona: {zone}.",
  "resolve.choices.places.legend": "Lugares que no le convienen",
  "resolve.choices.places.work": "En el trabajo",
  "resolve.choices.places.label": "Otros lugares (opcional)",
  "resolve.choices.places.hint": "Por ejemplo: en casa de mis padres. No hace falta una dirección.",
  "resolve.choices.ways.legend": "Medios de contacto que no quiere",
  "resolve.choices.ways.calls": "Sin llamadas telefónicas",
  "resolve.choices.ways.texts": "Sin mensajes de texto",
  "resolve.choices.ways.emails": "Sin correos electrónicos",
  "resolve.choices.ways.note":
    "Esta carta deja abierto el correo postal, para que el cobrador todavía tenga una forma de comunicarse con usted. En lugar de eso, puede pedirle por escrito a un cobrador que deje de comunicarse con usted sobre la deuda por completo; este servicio no redacta esa carta. La CFPB publica una: {link}.",
  "resolve.choices.lawyer.legend": "Un abogado",
  "resolve.choices.lawyer.label": "Un abogado me representa en relación con esta deuda",
  "resolve.choices.lawyer.note": "Entonces la carta le pide al cobrador que se comunique con su abogado, con espacios para los datos del abogado.",
  "resolve.choices.submit": "Actualizar la carta",
  "resolve.choices.problem.times": "Escriba los horarios con palabras sencillas, en 200 caracteres como máximo.",
  "resolve.choices.problem.timesPersonalData":
    "Esto parece un número de Seguro Social, de tarjeta o de cuenta bancaria, así que no se usó. Indique los horarios sin ese número.",
  "resolve.choices.problem.places": "Escriba los lugares con palabras sencillas, en 200 caracteres como máximo.",
  "resolve.choices.problem.placesPersonalData":
    "Esto parece un número de Seguro Social, de tarjeta o de cuenta bancaria, así que no se usó. Indique los lugares sin ese número.",
  "resolve.choices.problem.zone": "Elija una zona horaria de la lista.",
  "resolve.choices.problem.other": "No se pudieron leer algunas de estas opciones. Elíjalas de nuevo y actualice la carta.",
  "resolve.offer.pageTitle": "Oferta aprobada para {reference}",
  "resolve.offer.heading": "Oferta aprobada para la cuenta {reference}",
  "resolve.offer.actBy": "Fecha límite: {date}",
  "resolve.offer.expiresNote": "La oferta vence en esta fecha y hora: {time}. Después ya no se muestran aquí sus condiciones.",
  "resolve.offer.expired.pageTitle": "Oferta vencida para {reference}",
  "resolve.offer.expired.heading": "La oferta para la cuenta {reference} venció",
  "resolve.offer.expired.when": "Su fecha límite era esta fecha y hora: {time}. Ya no se muestran aquí sus condiciones y nada de lo que haga en esta página puede aceptarla.",
  "resolve.offer.expired.ask":
    "Solo el acreedor puede decirle si una oferta sigue vigente. Si quiere preguntarle, comuníquese usted mismo con el acreedor usando los datos de las cartas o mensajes que recibió sobre la cuenta {reference}.",
  "resolve.offer.unavailable.title": "Esta oferta no está disponible",
  "resolve.offer.unavailable.status":
    "El acreedor la retiró, o no es para una cuenta de la que usted esté verificado como titular. Las ofertas para sus cuentas, y las que vencieron hace poco, aparecen en Resolve.",
  "resolve.offer.back": "Volver a Resolve",
  "resolve.offer.approvedAt": "Aprobada por el acreedor",
  "resolve.offer.expiresAt": "Vence",
  "resolve.offer.id": "Número de la oferta",
  "resolve.offer.termsTitle": "Las condiciones del acreedor, palabra por palabra",
  "resolve.offer.termsNote":
    "El servicio muestra estas condiciones exactamente como el acreedor las aprobó. No las negocia, no las cambia ni las acepta.",
  "resolve.offer.reachTitle": "Cómo comunicarse con el acreedor",
  "resolve.offer.reachIntro":
    "Para aceptarla, comuníquese directamente con el acreedor o el cobrador, por su propia cuenta, antes de que venza la oferta. Nada de lo que haga en esta página la acepta.",
  "resolve.offer.reachTerms": "Si las condiciones de arriba dicen cómo aceptar o con quién comunicarse, son palabras del propio acreedor.",
  "resolve.offer.reachLetters":
    "El registro de esta oferta no tiene los datos de contacto del acreedor. Use los que aparecen en las cartas o mensajes que recibió sobre la cuenta {reference}: el aviso de validación debe indicar el nombre y la dirección postal del cobrador.",
  "resolve.offer.reachIds": "La referencia de la cuenta {reference} y el número de la oferta {offerId} les permiten identificar esta oferta.",
} as const satisfies Record<keyof typeof RESOLVE_EN, string>;
