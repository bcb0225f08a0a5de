/** `@connector/core/guard`: The personal-data guard and its detectors (SSN, card, routing numbers); the NUL-character refusal; the JSON depth bound. */
export { containsSsn, isValidSsn } from "../guard/ssn-detector.js";
export { containsCardNumber, isCardNumber, isLuhnValid } from "../guard/card-number-detector.js";
export { containsRoutingNumber, isValidRoutingNumber } from "../guard/routing-number-detector.js";
export {
  assertNoForbiddenPersonalData,
  findSensitiveNumber,
  type SensitiveNumberKind,
} from "../guard/personal-data-guard.js";
export { assertNoNulCharacter, findNulCharacter, nulCharacterError } from "../guard/nul-characters.js";
export {
  assertJsonTextDepth,
  assertValueDepth,
  jsonTextTooDeep,
  jsonTooDeepError,
  MAX_JSON_DEPTH,
  valueTooDeep,
} from "../guard/json-depth.js";
export { CONTROL_CHARACTER_RULE, holdsControlCharacter, showControlCharacters, withoutControlCharacters } from "../guard/control-characters.js";
export { DIRECTION_CONTROL_RULE, holdsDirectionControl, isolatedName, withoutDirectionControls } from "../guard/direction-controls.js";
