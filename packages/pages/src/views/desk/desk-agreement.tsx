import type { PageSession } from "../../sessions/page-session.js";
import { DESK_AGREEMENT, type DeskAgreementStatus } from "@connector/core/desk-agreement";
import { CsrfForm } from "@connector/ui";
import { formatTime } from "../shared/format.js";

/** The CSRF purpose of the accept form, the same on every page that offers it. */
export const ACCEPT_AGREEMENT_FORM = "accept-agreement";

export interface DeskAgreementProps {
  agreement: DeskAgreementStatus;
  /** Where the accept form posts (the page it is on; each page's route accepts through the same operation). */
  action: string;
  /** What the acceptance opens, in the page's words: "Approving placement drafts needs …". */
  needed: string;
  /** The heading level that fits where the page places it. */
  level: 2 | 3 | 4;
}

/**
 * Spec §5.3: the Desk agreement for its owner, the whole text and one "I accept" form carrying the
 * version shown (so nobody accepts a text they did not see); once accepted, when and which version.
 */
export function DeskAgreement({ session, agreement, action, needed, level }: DeskAgreementProps & { session: PageSession }) {
  if (agreement.acceptance !== null) {
    return (
      <p>
        You accepted the {agreement.agreement.title} (version {agreement.acceptance.version}) on {formatTime(agreement.acceptance.acceptedAt)}.
      </p>
    );
  }
  const Heading = `h${level}` as const;
  return (
    <section class="card" aria-labelledby="agreement-title">
      <Heading id="agreement-title">
        {agreement.agreement.title}, version {agreement.agreement.version}
      </Heading>
      <p>{needed}</p>
      <div class="prose">
        {agreement.agreement.text.split("\n\n").map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <CsrfForm action={action} token={session.csrfToken(ACCEPT_AGREEMENT_FORM)}>
        <input type="hidden" name="version" value={DESK_AGREEMENT.version} />
        <button type="submit" class="button primary">
          I accept the Desk agreement
        </button>
      </CsrfForm>
    </section>
  );
}
