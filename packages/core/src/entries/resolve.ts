/** `@connector/core/resolve`: The consumer's own doors (/resolve): request drafts by form, the request letter, contact preferences, approved offers, the Resolve guide. */
export {
  EXPIRED_OFFERS_SHOWN_DAYS,
  type ExpiredOfferView,
  findExpiredOffer,
  getApprovedOffer,
  listApprovedOffers,
  listRecentlyExpiredOffers,
  OFFERS_LISTED,
  offerReviewPath,
  RELAY_NOTICE,
} from "../resolve/approved-offers.js";
export {
  type ContactPreferenceChoices,
  contactPreferenceChoicesSchema,
  NO_CHOICES,
  UNWANTED_WAY_WORDS,
  UNWANTED_WAYS,
  type UnwantedWay,
} from "../resolve/contact-preference-choices.js";
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, type Language, LANGUAGES } from "../resolve/languages.js";
export { US_TIME_ZONES, validTimeZone } from "../resolve/time-zones.js";
export { createRequestDraftByForm } from "../resolve/request-draft-by-form.js";
export { LETTER_PLACES, type LetterPlace } from "../resolve/letters/letter-words.js";
export { bidiPieceText, fillText, type LetterLine, type LetterPiece, letterText, pieceText, requestLetter } from "../resolve/request-letter.js";
export { type GuideSection, RESOLVE_GUIDE, type ResolveGuide } from "../tools/resolve-guide/resolve-guide.js";
export { RESOLVE_GUIDES } from "../tools/resolve-guide/resolve-guides.js";
