/**
 * What did not happen when a form was sent after the person's session ended, by the form's name
 * (its CSRF purpose). The form's body is never read then (spec §8), so nothing it carried is kept:
 * each sentence says plainly what to do again. Whole sentences, for a translation catalogue.
 */
const NOT_SAVED: Record<string, string> = {
  "create-request-draft": "Your request draft was not saved, and what you typed in its form was not kept. Sign in, then write it again.",
  "review-draft": "“Mark reviewed” did not happen. Sign in, then press it again.",
  "discard-draft": "The draft was not discarded. Sign in, then discard it again if you still want to.",
  "approve-draft": "The draft was not approved: no account was added. Sign in, then approve it again.",
  "accept-agreement": "The Desk agreement was not accepted. Sign in, then accept it again.",
  "mint-invite": "No invitation link was created. Sign in, then create it again.",
  "revoke-invite": "The invitation was not revoked: its link still works. Sign in, then revoke it again.",
  "mint-key": "No desk key was created. Sign in, then create it again.",
  "revoke-key": "The desk key was not revoked: it still works. Sign in, then revoke it again.",
  "accept-invite": "The invitation was not accepted: your Desk did not join the agency. Sign in, then accept it again.",
  "revoke-connection": "The connection was not ended: the app can still act for you. Sign in, then end it again.",
  "save-placements": "The accounts were not placed. Sign in, then place them again.",
  "preview-placements": "Nothing was checked or placed. Sign in, then send the accounts again.",
};

const ANY_FORM = "What you last sent was not saved. Sign in, then do it again.";

/** The sign-in page's words for an ended session: why, and what (if anything) did not happen. */
export function sessionEndedWords(notSaved: string | undefined): { title: string; detail: string } {
  return {
    title: "You were signed out because your session ended",
    detail: notSaved === undefined ? "Sign in and you go back to the page you were on." : (NOT_SAVED[notSaved] ?? ANY_FORM),
  };
}
