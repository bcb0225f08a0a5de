import { LAYOUT_EN } from "./layout.en.js";
import { OAUTH_EN } from "./oauth.en.js";
import { SHARED_EN } from "./shared.en.js";
import { SITE_EN } from "./site.en.js";
import { RESOLVE_EN } from "./resolve.en.js";
import { DRAFTS_EN } from "./drafts.en.js";
import { CONNECTIONS_EN } from "./connections.en.js";
import { FORMS_EN } from "./forms.en.js";
import { ACCESS_EN } from "./access.en.js";

/**
 * The English messages of the consumer's side, by key: ICU MessageFormat (plurals, selects,
 * `{name}` arguments), one file per area of the pages (`<area>.en.ts` beside its `<area>.es.ts`).
 * Keys name where a message is shown ("layout.…", "resolve.…"). Spanish must have every key with
 * the same arguments (typed in each `<area>.es.ts`, and checked by `test/messages.test.ts`).
 */
export const EN = {
  ...LAYOUT_EN,
  ...SITE_EN,
  ...OAUTH_EN,
  ...SHARED_EN,
  ...RESOLVE_EN,
  ...DRAFTS_EN,
  ...CONNECTIONS_EN,
  ...FORMS_EN,
  ...ACCESS_EN,
} as const;
