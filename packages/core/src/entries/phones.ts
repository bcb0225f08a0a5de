/** `@connector/core/phones`: Account phones: normalising, masking and importing them. */
export {
  importPhones,
  type PhoneImportReport,
  type PhoneImportRow,
  type PhoneRowProblem,
  type PhoneRowStatus,
} from "../phones/import-phones.js";
export { maskPhone, type NormalizedPhone, normalizePhone, type PhoneProblem } from "../phones/normalize-phone.js";
export {
  MAX_PHONE_ROWS,
  type PhoneImportInput,
  phoneImportInputSchema,
  phoneImportRowSchema,
} from "../phones/phone-import-schema.js";
