/** The words shared components put around a form's own (the error summary). */
export const FORMS_EN = {
  "forms.checkFields": "{count, plural, one {Check this field:} other {Check these fields:}}",
} as const;
