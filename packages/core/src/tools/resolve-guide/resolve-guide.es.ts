/**
 * The Resolve guide in Spanish: the English guide (resolve-guide.ts) section by section, with the
 * same ids and the same number of points in each section; its version and citations are the
 * English guide's (`translatedGuide`), so a claim and its source line up in both languages
 * (test/resolve-guides.test.ts; docs/resolve-claims.md lists each Spanish claim beside its English one).
 *
 * Written for a US reader of Spanish: "usted", plain words, and the terms of the CFPB's own Spanish
 * materials (its model validation notice and consumer pages): "cobrador de deudas", "información
 * de validación", "aviso de validación", "período de validación", "disputar la deuda", "acreedor
 * original", "acreedor actual", "verificación de la deuda".
 *
 * The claims of guide 1.3, as in English: the creditor on the itemization date is required only for
 * debts related to a consumer financial product or service (1006.34(c)(2)(iii)); the service's
 * documents letter asks for less than the CFPB's sample letter; the CFPB's own sample letters are
 * named for disputing and for stopping contact.
 */
import type { GuideWords } from "./guide-shape.js";

export const GUIDE_WORDS_ES: GuideWords = {
  summary:
    "Esta guía explica, en palabras sencillas, lo que dice la norma federal sobre el cobro de deudas (el Reglamento F, " +
    "12 CFR parte 1006) sobre el aviso de validación, cómo pedir documentos o el nombre y la dirección del acreedor " +
    "original, cómo limitar o detener el contacto y las deudas antiguas, y cómo guardar constancia. También explica lo " +
    "que hace este servicio: guarda borradores de solicitudes (una solicitud de documentos o una preferencia de " +
    "contacto) para que usted los revise y los envíe por su cuenta, y muestra las ofertas tal como el acreedor o la " +
    "agencia las aprobó. Nunca envía nada por usted y no le dice si conviene pagar, disputar la deuda o llegar a un acuerdo.",
  sections: [
    {
      id: "validation-notice",
      title: "El aviso de validación: qué contiene y cuándo llega",
      points: [
        "Un cobrador de deudas debe darle la información de validación en su primera comunicación con usted sobre la deuda o en un aviso que le envíe dentro de los cinco días siguientes a esa primera comunicación. También puede darle la información de palabra en esa primera comunicación. Si la deuda se paga antes de la fecha en que tendría que enviar el aviso, no hace falta el aviso.",
        "El aviso debe dar el nombre y la dirección postal del cobrador de deudas, y el nombre y la dirección postal de usted.",
        "Debe dar el número de cuenta que tenía la deuda en la fecha de desglose, si lo había, y nombrar al acreedor actual. Si la deuda está relacionada con un producto o servicio financiero de consumo, como una tarjeta de crédito o un préstamo, también debe nombrar al acreedor al que se le debía en esa fecha. Para las demás deudas, la norma no lo exige; una deuda médica, por ejemplo, por lo general no es de ese tipo.",
        "Debe indicar cuánto era la deuda en la fecha de desglose, luego los intereses, cargos, pagos y créditos desde esa fecha, y el monto actual de la deuda.",
        "Debe indicar la fecha en que termina el período de validación y explicar cómo puede usted disputar la deuda o pedir el nombre y la dirección del acreedor original a más tardar en esa fecha. También incluye una sección de respuesta que usted puede llenar y devolver.",
        "La fecha de desglose (en los avisos en inglés, “itemization date”) es una de cinco fechas de referencia: la fecha del último estado de cuenta, la fecha en que la deuda se dio por perdida (charge-off), la fecha del último pago, la fecha de la transacción o la fecha de la sentencia. El cobrador elige una con la que pueda trabajar y se espera que use siempre la misma.",
        "El período de validación termina 30 días después de que usted recibe la información de validación. Para calcular la fecha final, la norma permite que el cobrador suponga que usted la recibió cualquier día que caiga al menos cinco días después de que se la envió, sin contar sábados, domingos ni días feriados federales. El aviso indica la fecha final que calculó el cobrador.",
        "El aviso también debe decir que, a menos que usted se comunique con el cobrador para disputar la deuda o una parte de ella a más tardar en la fecha final, el cobrador supondrá que la deuda es válida. Una disputa o una solicitud hecha el mismo día de la fecha final está dentro del período.",
        "La norma dice que no disputar una deuda no significa admitir que usted la debe. Un tribunal no puede tomar el hecho de que usted no la disputó como una admisión de que es responsable de la deuda.",
        "La CFPB sugiere anotar la fecha en que el aviso realmente le llegó y guardar el sobre o el mensaje en que llegó.",
        "El aviso de validación puede ofrecerle una copia en español. Puede decir «Póngase en contacto con nosotros para solicitar una copia de este formulario en español», o su sección de respuesta puede traer una casilla para pedirla: «Quiero este formulario en español». Si el cobrador ofrece una copia en español y usted la pide, el cobrador debe enviarle un aviso de validación en español.",
      ],
    },
    {
      id: "documents-and-original-creditor",
      title: "Cómo pedir documentos, la verificación de la deuda o el acreedor original",
      points: [
        "Si usted disputa por escrito toda la deuda o una parte dentro del período de validación, el cobrador debe dejar de cobrar la deuda o la parte disputada hasta que le envíe una verificación de la deuda o una copia de una sentencia.",
        "Si usted pide por escrito, dentro del período de validación, el nombre y la dirección del acreedor original, el cobrador debe dejar de cobrar la deuda hasta que le envíe ese nombre y esa dirección.",
        "Durante el período de validación, el cobrador puede seguir cobrando, a menos que reciba por escrito una disputa o una solicitud como esas. Lo que haga durante el período no debe opacar ni contradecir su derecho a disputar la deuda o a pedir el nombre y la dirección del acreedor original.",
        "Pedir documentos o información no es necesariamente disputar la deuda. La pausa en el cobro y la verificación descritas arriba dependen de una disputa por escrito hecha dentro del período de validación (o, para el nombre y la dirección del acreedor original, de una solicitud por escrito de esos datos).",
        "Según la interpretación oficial de la norma, una disputa o una solicitud es por escrito cuando se envía por correo postal, se devuelve en la sección de respuesta del aviso de validación, se entrega en persona o por mensajería, o se envía por medios electrónicos. Un correo electrónico o un mensaje por un sitio web cuenta solo si se envía a una dirección de correo electrónico o a un portal web que el cobrador acepte para los mensajes de los consumidores.",
        "Usted puede disputar la deuda o pedir información aun después de que termine el período de validación. La obligación de pausar el cobro descrita arriba se aplica a las disputas y solicitudes por escrito hechas dentro del período.",
        "En este servicio, un borrador de solicitud de documentos pide una lista fija: el nombre y la dirección del acreedor original, el monto de la deuda y cómo se calculó, una copia del último estado de cuenta que envió el acreedor original sobre la cuenta, la fecha en que la deuda entró en mora y qué le da al cobrador la autoridad para cobrarla. Se basa en la carta modelo de la CFPB para pedir más información sobre una deuda, que pide más datos que esta lista; la CFPB la publica para quien quiera pedir todo lo que esa carta enumera. La carta de este servicio dice, como la carta modelo de la CFPB, que es posible que el cobrador no esté obligado a dar todo lo que pide la lista. No dice que usted disputa la deuda. Puede cambiar el texto copiado antes de enviarlo; qué pide y si lo envía es decisión suya.",
        "Este servicio no redacta cartas para disputar una deuda. La CFPB publica su propia carta modelo para disputar una deuda que usted no cree deber, entre sus cartas modelo para cobradores de deudas.",
      ],
    },
    {
      id: "limiting-contact",
      title: "Cómo limitar o detener el contacto",
      points: [
        "A menos que el cobrador sepa otra cosa, las llamadas u otros contactos antes de las 8 a. m. o después de las 9 p. m., en su hora local, se consideran inconvenientes. Usted puede decirle al cobrador que otros horarios o lugares no le convienen, y el cobrador no debe comunicarse con usted en esos horarios ni en esos lugares. No hace falta decirlo por escrito.",
        "Un cobrador no debe comunicarse con usted en su trabajo si sabe o tiene motivos para saber que su empleador no lo permite.",
        "Si un cobrador sabe que usted tiene un abogado para esa deuda y conoce, o puede averiguar fácilmente, el nombre y la dirección del abogado, no debe comunicarse con usted sobre la deuda, a menos que el abogado no responda en un plazo razonable o acepte que el cobrador se comunique directamente con usted. La norma no obliga al cobrador a comunicarse con el abogado.",
        "Usted puede pedirle a un cobrador que no use un medio en particular para comunicarse con usted, como llamadas telefónicas, mensajes de texto o correo electrónico, o que no use un número de teléfono o una dirección de correo electrónico en particular. Puede pedirlo de palabra; por ejemplo, decirle “no me llame más” es pedirle que no use llamadas telefónicas.",
        "Todo correo electrónico, mensaje de texto u otro mensaje electrónico de un cobrador debe incluir una forma sencilla de dejar de recibir mensajes electrónicos en esa dirección o en ese número.",
        "Se presume que un cobrador lo está acosando si lo llama por una deuda en particular más de siete veces en siete días, o si lo llama dentro de los siete días siguientes a una conversación telefónica con usted sobre esa deuda. Algunas llamadas, como las que usted aceptó de antemano, no se cuentan.",
        "Si usted le dice por escrito a un cobrador que se niega a pagar la deuda o que quiere que deje de comunicarse con usted, el cobrador debe dejar de comunicarse con usted sobre esa deuda, salvo para decirle que deja de intentar cobrarla, o que él o el acreedor pueden usar, o piensan usar, un recurso específico, como una demanda.",
        "Una solicitud por escrito para que el cobrador deje de comunicarse con usted no cancela la deuda y no impide por sí sola una demanda ni otros recursos que el cobrador o el acreedor puedan usar legalmente. Además, significa que, por lo general, el cobrador no se comunicará con usted para darle información sobre la deuda.",
        "En este servicio, en la página de un borrador de preferencia de contacto, usted indica en palabras sencillas los horarios, lugares y medios de contacto que no quiere, y si un abogado lo representa; el texto de la carta sigue lo que usted indica, con espacios marcados para los datos de su abogado, la dirección del cobrador y la zona horaria de los horarios que indique. La carta deja abierto el correo postal, para que el cobrador todavía tenga una forma de comunicarse con usted. Sus opciones quedan en la dirección de esa página, el servicio no las guarda, y ni guardar, copiar, imprimir ni descargar la carta la envía.",
        "Este servicio no redacta cartas para pedirle a un cobrador que deje de comunicarse con usted por completo. La CFPB publica su propia carta modelo para pedirle que deje de comunicarse con usted, entre sus cartas modelo para cobradores de deudas.",
      ],
    },
    {
      id: "old-debts",
      title: "Deudas antiguas (prescritas)",
      points: [
        "Una deuda está prescrita cuando ya venció el plazo para demandar por ella, que fija la ley aplicable. Un cobrador de deudas no debe demandarlo ni amenazarlo con demandarlo para cobrar una deuda prescrita.",
        "La norma limita las demandas y las amenazas de demanda; no dice que una deuda antigua desaparezca.",
        "Cuánto dura ese plazo, si ya venció y si un pago o un reconocimiento por escrito lo reinicia o lo extiende depende de la ley estatal. Este servicio no responde esas preguntas. Un abogado o una oficina de asistencia legal sí pueden responderlas.",
        "Si le entregan documentos de un tribunal, se aplican los plazos del tribunal, sin importar la antigüedad de la deuda. Un abogado, una oficina de asistencia legal o el centro de autoayuda del tribunal pueden explicárselos.",
      ],
    },
    {
      id: "keeping-records",
      title: "Cómo guardar constancia",
      points: [
        "La CFPB sugiere enviar una solicitud dentro de los 30 días siguientes a recibir la información de validación, si es posible, para que llegue dentro del período de validación.",
        "Sugiere poner la fecha en cada carta que envíe y guardar una copia exacta, y guardar lo que reciba.",
        "Sugiere enviarla de una forma que dé prueba de recibo, como correo certificado con acuse de recibo, y guardar esa prueba.",
        "Sugiere anotar cada llamada: la fecha, la hora y el nombre de la persona con quien habló.",
        "Sugiere obtener por escrito los términos de cualquier acuerdo antes de pagar.",
        "El período de validación tiene una fecha final fija, así que las fechas en que se envía y llega una solicitud pueden importar. Los registros facilitan demostrar esas fechas.",
      ],
    },
    {
      id: "how-this-service-works",
      title: "Cómo funciona este servicio",
      points: [
        "Usted (o un asistente que actúe por usted) puede guardar dos tipos de borrador de solicitud: una solicitud de documentos, para pedir información sobre una deuda, o una preferencia de contacto, para indicar los horarios, lugares y medios de contacto que no quiere, o que un abogado lo representa.",
        "Cada borrador nombra al destinatario y puede llevar una referencia breve. No ponga en un borrador números de Seguro Social ni otros números de identificación del gobierno, números de cuenta completos, datos de tarjetas o de cuentas bancarias, ni información de salud.",
        "Cada borrador también indica cómo piensa enviarlo usted mismo: por correo postal, por correo electrónico (a una dirección que el cobrador acepte), por escrito de otra forma, o todavía sin decidir (la opción predeterminada: el borrador simplemente queda guardado aquí). El servicio nunca envía ni transmite nada, así que un cobrador no puede responder a través de él. La carta le pide al cobrador que responda por correo postal, o también por correo electrónico si usted piensa enviarla por correo electrónico.",
        "La carta tiene espacios marcados, entre corchetes, para lo que usted agrega después de copiarla: su nombre, su dirección postal, la fecha, su firma, cómo y cuándo se comunicó con usted el cobrador, y una dirección de correo electrónico cuando se pide. El servicio no guarda nada de esto.",
        "Los borradores se guardan en su cuenta para que usted los revise y nunca se envían automáticamente. Puede copiar un borrador y enviarlo usted mismo, de la forma que elija.",
        "Marcar un borrador como revisado solo significa que usted lo revisó. No significa que el borrador se haya enviado, entregado, recibido ni aceptado.",
        "Un borrador es una solicitud neutral. No es un aviso legal, y guardarlo no decide nada sobre la deuda.",
        "Si un acreedor o una agencia aprobó una oferta para una cuenta para la que usted está verificado, el servicio la muestra exactamente como la fijaron, con su identificador de oferta, su fecha de vencimiento y un enlace para revisarla. Solo se muestran las ofertas activas que no han vencido.",
        "El servicio nunca propone, contrapropone, calcula, negocia ni cambia una oferta. Nada se acepta ni se paga a menos que usted mismo dé ese paso.",
      ],
    },
    {
      id: "what-this-service-never-does",
      title: "Lo que este servicio nunca hace",
      points: [
        "Nunca entrega ni envía mensajes a nadie, tampoco a cobradores ni a acreedores.",
        "Nunca acepta un acuerdo de pago en su nombre.",
        "Nunca cobra, programa, reembolsa ni transfiere dinero.",
        "Nunca propone, contrapropone, calcula, negocia ni cambia los montos o las condiciones de una oferta.",
        "Nunca decide si una deuda es válida ni si usted la debe.",
        "Nunca da asesoría legal.",
        "Nunca consulta el monto más bajo que un acreedor aceptaría por una deuda.",
        "Resolve no les cobra ninguna tarifa a los consumidores.",
      ],
    },
    {
      id: "scope-and-help",
      title: "A quién se aplican estas normas y dónde obtener ayuda",
      points: [
        "El Reglamento F se aplica a los cobradores de deudas: por lo general, empresas cuyo propósito principal es cobrar deudas, o que cobran con regularidad deudas que se le deben a otro, incluidos muchos compradores de deudas. Por lo general, un acreedor que cobra su propia deuda con su propio nombre no está cubierto, aunque pueden aplicarse otras leyes.",
        "Las leyes de su estado pueden darle más protección que la norma federal. Esta guía no trata de la ley estatal.",
        "Para recibir asesoría sobre su propia situación, puede hablar con un abogado o con una oficina de asistencia legal.",
        "Puede presentar una queja sobre un cobrador de deudas ante la Oficina para la Protección Financiera del Consumidor (CFPB, por sus siglas en inglés) o ante el fiscal general de su estado.",
      ],
    },
  ],
  whatThisServiceNeverDoes: [
    "Entregar ni enviar mensajes a nadie.",
    "Aceptar un acuerdo de pago en nombre de nadie.",
    "Cobrar, programar, reembolsar ni transferir dinero.",
    "Proponer, contraproponer, calcular, negociar ni cambiar los montos o las condiciones de una oferta.",
    "Decidir si una deuda es válida o si se debe.",
    "Dar asesoría legal.",
    "Consultar el monto más bajo que un acreedor aceptaría por una deuda.",
  ],
  fees:
    "Resolve no les cobra ninguna tarifa a los consumidores. Enviar una solicitud por su cuenta puede tener sus propios costos, como el franqueo o el correo certificado, que este servicio no cobra.",
  notLegalAdvice:
    "Esta guía es información general sobre normas federales, escrita en palabras sencillas. No es asesoría legal, no trata de la ley estatal y no dice si una deuda es válida o se debe, ni qué hacer al respecto. Para recibir asesoría sobre su situación, hable con un abogado o con una oficina de asistencia legal. La norma es el título 12 del CFR, parte 1006; su texto vigente está en eCFR.gov.",
};
