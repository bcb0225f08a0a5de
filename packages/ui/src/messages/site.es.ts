import type { SITE_EN } from "./site.en.js";

/** La puerta de entrada en español (inicio, páginas 404 y 500): cada clave de `SITE_EN`, con los mismos argumentos. */
export const SITE_ES = {
  "site.home.title": "Inicio",
  "site.home.heading": "{service}: su agente prepara, usted decide",
  "site.home.lead":
    "{service} permite que un agente de inteligencia artificial (IA) trabaje para usted en uno de dos espacios de trabajo, solo con los permisos que usted le dé. Todo lo que prepare lo espera aquí como un borrador.",
  "site.home.welcome": "Le damos la bienvenida, {name}",
  "site.home.connectionsLink": "Conexiones y borradores",
  "site.home.yours.connections":
    "{link}: los agentes que conectó, lo que hicieron y los borradores guardados para que usted los revise. Allí puede terminar una conexión en cualquier momento.",
  "site.home.yours.place": "{link}: coloque cuentas con un formulario o un archivo CSV, y cree claves de Desk para sus propios agentes.",
  "site.home.yours.resolve": "{link}: la guía, sus borradores de solicitudes y las ofertas que un acreedor ya aprobó.",
  "site.home.signIn.heading": "Revise lo que preparó su agente",
  "site.home.signIn.text": "Inicie sesión para ver sus conexiones y los borradores que los agentes guardaron para usted.",
  "site.home.wayIn.operator": "Este servicio lo administra {operator}. Esa organización abre las cuentas y asigna contraseñas nuevas.",
  "site.home.wayIn.operatorContact":
    "Este servicio lo administra {operator}. Esa organización abre las cuentas y asigna contraseñas nuevas; puede comunicarse con ella en {contact}.",
  "site.home.wayIn.heading": "Cómo obtener una cuenta o volver a entrar",
  "site.home.wayIn.consumer.heading": "Si está revisando comunicaciones de cobro de deudas (Resolve)",
  "site.home.wayIn.consumer.text":
    "Aquí no puede registrarse. La organización que administra este servicio le abre una cuenta de Resolve, por ejemplo, cuando un acreedor o una agencia con la que usted trata se la ofrece. Pregúntele a quien le dio esta dirección. Resolve es gratis.",
  "site.home.wayIn.desk.heading": "Si trabaja para un acreedor, un comprador de deudas o una agencia (Desk)",
  "site.home.wayIn.desk.text":
    "El propietario de su Desk le pide a la organización que administra este servicio que lo agregue. Esa organización también crea cada Desk. El enlace de invitación de una agencia une dos Desks; no le da a nadie acceso para iniciar sesión.",
  "site.home.wayIn.password.heading": "Si olvidó su contraseña",
  "site.home.wayIn.password.text":
    "Este servicio no envía correos electrónicos ni mensajes de texto, así que no puede enviarle un enlace para restablecerla, y nadie aquí le pedirá su contraseña. Pídale a la organización que administra este servicio que le asigne una contraseña nueva (si usted es miembro de un Desk, el propietario de su Desk puede pedirlo por usted); eso cierra su sesión en todas partes, y las apps que conectó siguen funcionando. Los borradores pertenecen a su Desk, o a usted como consumidor, y se quedan donde están.",
  "site.home.assistant.heading": "Conecte su asistente de IA",
  "site.home.assistant.text":
    "Si su asistente puede conectarse a servicios, agregue esta dirección en su configuración. El asistente lo traerá aquí para iniciar sesión y elegir lo que puede hacer; puede terminar la conexión en cualquier momento en {link}.",
  "site.home.assistant.copy": "Copiar la dirección",
  "site.home.desk.text":
    "Para acreedores, compradores de deudas y agencias. Los agentes muestran sus cuentas colocadas, consultan el estado de los casos y los registros de pagos, y guardan borradores de colocación. Un borrador se convierte en cuentas activas solo cuando el propietario del Desk lo aprueba.",
  "site.home.resolve.text":
    "Para personas que revisan comunicaciones de cobro de deudas. Los agentes leen una guía imparcial, guardan borradores de solicitudes y muestran, palabra por palabra, las ofertas que un acreedor ya aprobó. Resolve es gratis para los consumidores.",
  "site.home.never.heading": "Lo que {service} nunca hace",
  "site.home.never.send": "Nunca envía mensajes ni cartas por usted.",
  "site.home.never.money": "Nunca mueve dinero ni recibe pagos.",
  "site.home.never.settle": "Nunca acepta un acuerdo de pago, y nunca propone, negocia ni cambia una oferta.",
  "site.home.never.advice": "Nunca decide si una deuda es válida y no da asesoría legal.",
  "site.home.never.reviewed": "Un borrador guardado no se ha enviado. “Revisado” significa que una persona lo miró, no que se envió ni que se aceptó.",
  "site.home.developers.heading": "Para desarrolladores",
  "site.home.developers.text":
    "Los agentes se conectan por MCP (Streamable HTTP) o REST, a través del servidor de autorización OAuth 2.0 de este servicio. Lea la {guide} o la {reference}.",
  "site.home.developers.guide": "guía para desarrolladores (en inglés)",
  "site.home.developers.reference": "referencia de la API (en inglés)",
  "site.home.developers.restBase": "Dirección base de REST",
  "site.home.developers.discovery": "Descubrimiento de OAuth",
  "site.home.developers.both": "ambos espacios de trabajo",
  "site.home.developers.legacy": "/api/v1 anterior",
  "site.home.developers.config": "Una configuración de cliente MCP",
  "site.home.developers.copyConfig": "Copiar la configuración de MCP",
  "site.notFound.title": "No se encontró la página",
  "site.notFound.heading": "No hay nada en esta dirección",
  "site.notFound.text": "Puede que el enlace tenga un error, o que la página se haya movido.",
  "site.notFound.next": "Vaya a la {home}.",
  "site.notFound.nextSignedIn": "Vaya a la {home} o a sus {connections}.",
  "site.notFound.home": "página de inicio",
  "site.notFound.connections": "conexiones y borradores",
  // Never "solicitud" here: it is the pages' word for the person's request drafts (issue 48 item 13).
  "site.requestId": "Código de referencia: {id}",
  "site.serverError.title": "Algo salió mal",
  "site.serverError.heading": "Algo salió mal de nuestro lado",
  "site.serverError.text": "Usted no causó esto, y no se envió ni se guardó nada por este error. Vuelva a intentarlo en un momento.",
  "site.serverError.home": "Ir a la página de inicio",
  "site.serverError.requestId": "Si sigue ocurriendo, indique este código de referencia: {id}.",
} as const satisfies Record<keyof typeof SITE_EN, string>;
