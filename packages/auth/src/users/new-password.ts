import { ServiceError } from "@connector/core";
import { holdsControlCharacter } from "@connector/core/guard";

/** NIST SP 800-63B §5.1.1.2: at least 8 characters; the upper bound keeps hashing cost predictable. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The one rule for a password someone sets, at creation and at a reset. */
export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new ServiceError("invalid_input", `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`, {
      field: "password",
    });
  }
  // Core's one control-character rule: no keyboard types ESC or U+0001 into a sign-in form, and an
  // operator's command line could carry them by mistake (issue 51).
  if (holdsControlCharacter(password)) {
    throw new ServiceError("invalid_input", "The password must not hold a control character (such as ESC or a line break).", { field: "password" });
  }
}
