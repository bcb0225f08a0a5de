import type { SHARED_EN } from "./shared.en.js";

/** Las palabras compartidas de las páginas de las personas en español: cada clave de `SHARED_EN`, con los mismos argumentos. */
export const SHARED_ES = {
  "shared.home": "Ir a la página de inicio",
  "shared.connections": "Ir a sus conexiones y borradores",
  "shared.never": "nunca",
  "shared.notProvided": "no indicado",
  "shared.nothingSent.title": "Aquí no se envía ni se paga nada",
  "shared.nothingSent.text":
    "Los borradores esperan a que una persona los revise. Este servicio nunca envía mensajes, mueve dinero, acepta acuerdos de pago ni cambia ofertas.",
  "shared.confirm.cannotUndo": "Esto no se puede deshacer",
  "shared.discard.title": "¿Descartar este borrador?",
  "shared.discard.about": "Está a punto de descartar este borrador:",
  "shared.discard.placementSaved":
    "Un borrador de colocación de {count, plural, one {# cuenta} other {# cuentas}}, guardado el {time}.",
  "shared.discard.saved": "Guardado el {time}.",
  "shared.discard.neverApproved": "Después nunca se podrá aprobar: no se agregará ninguna de sus cuentas a partir de él.",
  "shared.discard.closed": "Quedará cerrado para siempre; todavía puede escribir una solicitud nueva.",
  "shared.discard.stays": "Se queda en el historial, marcado como descartado. No se envía nada a nadie.",
  "shared.discard.confirm": "Sí, descartar este borrador",
  "shared.discard.keep": "No, conservarlo",
  "shared.revokeConnection.title": "¿Quitarle el acceso a {client}?",
  "shared.revokeConnection.about":
    "{client} se conectó a su espacio de trabajo de {workspace} el {connected} y se usó por última vez el {used}.",
  "shared.revokeConnection.refused": "Su próxima llamada se rechaza de inmediato, en todas las herramientas. Sus tokens no se pueden recuperar.",
  "shared.revokeConnection.again": "Para volver a usarla, conéctela de nuevo desde el agente y vuelva a elegir lo que puede hacer.",
  "shared.revokeConnection.stays": "Los borradores que guardó se quedan, y también su historial de actividad.",
  "shared.revokeConnection.confirm": "Sí, quitarle el acceso a {client}",
  "shared.revokeConnection.keep": "No, mantenerla conectada",
  "shared.revokeKey.title": "¿Revocar la clave de Desk “{name}”?",
  "shared.revokeKey.about": "La clave {name} se creó el {created} y se usó por última vez el {used}.",
  "shared.revokeKey.refused": "Todo programa que la use será rechazado a partir de su próxima solicitud.",
  "shared.revokeKey.newKey": "Una clave revocada no se puede volver a activar: cree una clave nueva y désela al programa.",
  "shared.revokeKey.confirm": "Sí, revocar esta clave",
  "shared.revokeKey.keep": "No, conservar la clave",
  "shared.failure.notFound": "No se encontró",
  "shared.failure.notAllowed": "No está permitido",
  "shared.failure.changed": "Esto cambió",
  "shared.failure.check": "Revise y vuelva a intentarlo",
  "shared.failure.busy": "El servicio está ocupado",
  "shared.failure.wrong": "Algo salió mal",
  "shared.failure.mayHaveTakenEffect":
    "Puede que lo que pidió se haya hecho o no. {busy, select, yes {Espere unos segundos y vuelva a cargar} other {Vuelva a cargar}} la página para comprobarlo antes de intentarlo de nuevo{requestId, select, none {} other { (código de referencia: {requestId})}}.",
} as const satisfies Record<keyof typeof SHARED_EN, string>;
