import type { LAYOUT_EN } from "./layout.en.js";

/** The layout's words in Spanish: every key of `LAYOUT_EN`, with the same arguments. */
export const LAYOUT_ES = {
  "layout.skipLink": "Ir al contenido principal",
  "layout.nav.label": "Principal",
  "layout.nav.home": "Inicio",
  "layout.nav.connections": "Conexiones y borradores",
  "layout.nav.place": "Colocar cuentas",
  "layout.nav.resolve": "Resolve",
  "layout.nav.developers": "Desarrolladores",
  "layout.signIn": "Iniciar sesión",
  "layout.signOut": "Cerrar sesión",
  "layout.signedInAs": "Sesión iniciada como {name}",
  "layout.language.label": "Idioma",
  "layout.footer":
    "{service} guarda borradores para que las personas los revisen. Nunca envía mensajes, mueve dinero, acepta acuerdos de pago, negocia ofertas ni da asesoría legal.",
  "layout.timeZoneNote": "Las fechas y horas se muestran en {zone}.",
} as const satisfies Record<keyof typeof LAYOUT_EN, string>;
