import { type MessageKey, message } from "@connector/ui";

/**
 * What did not happen when a form was sent after the person's session ended, by the form's name
 * (its CSRF purpose). The form's body is never read then (spec §8), so nothing it carried is kept:
 * each sentence says plainly what to do again. Whole sentences, from the catalogue.
 */
const NOT_SAVED: Record<string, MessageKey> = {
  "create-request-draft": "oauth.sessionEnded.create-request-draft",
  "review-draft": "oauth.sessionEnded.review-draft",
  "discard-draft": "oauth.sessionEnded.discard-draft",
  "approve-draft": "oauth.sessionEnded.approve-draft",
  "accept-agreement": "oauth.sessionEnded.accept-agreement",
  "mint-invite": "oauth.sessionEnded.mint-invite",
  "revoke-invite": "oauth.sessionEnded.revoke-invite",
  "mint-key": "oauth.sessionEnded.mint-key",
  "revoke-key": "oauth.sessionEnded.revoke-key",
  "accept-invite": "oauth.sessionEnded.accept-invite",
  "revoke-connection": "oauth.sessionEnded.revoke-connection",
  "save-placements": "oauth.sessionEnded.save-placements",
  "preview-placements": "oauth.sessionEnded.preview-placements",
};

/** The forms whose unsaved sending the sign-in page names (for tests that render each). */
export const NOT_SAVED_FORMS: readonly string[] = Object.keys(NOT_SAVED);

/** The sign-in page's words for an ended session: why, and what (if anything) did not happen. */
export function sessionEndedWords(notSaved: string | undefined): { title: string; detail: string } {
  const detail: MessageKey =
    notSaved === undefined ? "oauth.sessionEnded.goBack" : (Object.hasOwn(NOT_SAVED, notSaved) ? NOT_SAVED[notSaved]! : "oauth.sessionEnded.anyForm");
  return { title: message("oauth.sessionEnded.title"), detail: message(detail) };
}
