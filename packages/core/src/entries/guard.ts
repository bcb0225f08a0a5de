/** `@connector/core/guard`: The personal-data guard and its detectors (SSN, card, routing numbers); the NUL-character refusal. */
export { containsSsn, isValidSsn } from "../guard/ssn-detector.js";
export { containsCardNumber, isCardNumber, isLuhnValid } from "../guard/card-number-detector.js";
export { containsRoutingNumber, isValidRoutingNumber } from "../guard/routing-number-detector.js";
export {
  assertNoForbiddenPersonalData,
  findSensitiveNumber,
  type SensitiveNumberKind,
} from "../guard/personal-data-guard.js";
export { assertNoNulCharacter, findNulCharacter, nulCharacterError } from "../guard/nul-characters.js";
