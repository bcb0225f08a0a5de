import type { FORMS_EN } from "./forms.en.js";

/** Las palabras que los componentes compartidos ponen alrededor de las de un formulario, en español. */
export const FORMS_ES = {
  "forms.checkFields": "{count, plural, one {Revise este campo:} other {Revise estos campos:}}",
} as const satisfies Record<keyof typeof FORMS_EN, string>;
