import type { ACCESS_EN } from "./access.en.js";

/** Para quién es cada página, y la invitación de una agencia, en español: cada clave de `ACCESS_EN`, con los mismos argumentos. */
export const ACCESS_ES = {
  "access.deskOnly.title": "Esta página es para acreedores y agencias de cobranza",
  "access.deskOnly.status":
    "Las empresas la usan para colocar cuentas e invitar a clientes. Usted no tiene nada que hacer aquí y no se cambió nada. Su página es Resolve, con sus ofertas y sus borradores de solicitud.",
  "access.deskOnly.next": "Ir a Resolve",
  "access.resolveOnly.title": "Resolve es para los consumidores",
  "access.resolveOnly.status":
    "Estas páginas son para las personas que revisan comunicaciones de cobro de deudas. Los borradores de su Desk están en su página de conexiones.",
  "access.agencyOnly.title": "Esta página es para los Desks de agencias",
  "access.agencyOnly.status": "Aquí las agencias invitan a acreedores y compradores de deudas a ser sus clientes. Su Desk no es una agencia.",
  "access.agencyOnly.next": "Ir a la pantalla para colocar cuentas",
  "access.formExpired.title": "Este formulario venció",
  "access.formExpired.status": "No se guardó nada de él. Vuelva atrás, vuelva a cargar la página y envíe el formulario de nuevo.",
  "access.bodyRefused.tooLarge": "Lo que envió el formulario supera los 64 KB, lo máximo que admite un formulario aquí. No se guardó nada.",
  "access.bodyRefused.compressed": "El formulario se envió comprimido, y este servicio no lo acepta. No se guardó nada; envíelo de nuevo.",
  "access.bodyRefused.unreadable": "No se pudo leer algo del formulario (un carácter que ningún texto de aquí admite, U+0000). No se guardó nada; quítelo y envíe el formulario de nuevo.",
  "access.noRole.title": "No hay nada que mostrar",
  "access.noRole.status": "Esta sesión no pertenece a ningún Desk ni a ningún consumidor.",
  "access.failure.back": "Volver al formulario",
  "invite.title": "Invitación de {agency}",
  "invite.heading": "Únase a {agency} como cliente",
  "invite.about": "{agency} invita a su Desk a ser su cliente, para que pueda colocarle cuentas. El enlace funciona una sola vez, hasta esta fecha y hora: {time}.",
  "invite.effect": "Al aceptar, se vinculan los dos Desks. No se envía nada ni se coloca ninguna cuenta.",
  "invite.accept": "Aceptar la invitación",
  "invite.signIn": "{link} para aceptarla.",
  "invite.signInLink": "Inicie sesión con su Desk",
  "invite.notADesk": "Solo el Desk de un acreedor o de un comprador de deudas puede aceptar la invitación de una agencia. Inicie sesión con su Desk para aceptarla.",
  "invite.consumer.title": "Esta invitación es para una empresa",
  "invite.consumer.status":
    "Una agencia envió este enlace a un acreedor o a un comprador de deudas. No tiene que ver con sus cuentas y no se cambió nada para usted.",
  "invite.invalid.title": "Esta invitación no se puede usar",
  "invite.invalid.status":
    "El enlace venció, se retiró, ya lo usó otro Desk o no es una invitación real. No se vinculó nada a su Desk. Pídale a la agencia un enlace nuevo.",
  "invite.joined.title": "Ahora es cliente de {agency}",
  "invite.joined.status": "Su Desk es cliente de {agency} desde esta fecha y hora: {time}. Puede colocarle cuentas desde la pantalla para colocar cuentas.",
  "invite.already.title": "Ya es cliente de {agency}",
  "invite.already.status": "Su Desk ya había aceptado esta invitación. No cambió nada: su Desk es cliente de {agency} desde esta fecha y hora: {time}.",
} as const satisfies Record<keyof typeof ACCESS_EN, string>;
