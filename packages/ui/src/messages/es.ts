import { LAYOUT_ES } from "./layout.es.js";
import { OAUTH_ES } from "./oauth.es.js";
import { SHARED_ES } from "./shared.es.js";
import { SITE_ES } from "./site.es.js";
import { RESOLVE_ES } from "./resolve.es.js";
import { DRAFTS_ES } from "./drafts.es.js";
import { CONNECTIONS_ES } from "./connections.es.js";
import { FORMS_ES } from "./forms.es.js";
import { ACCESS_ES } from "./access.es.js";

/**
 * Los mensajes en español del lado del consumidor, por área (`<area>.es.ts`). Usan los términos de
 * los materiales en español de la CFPB donde los hay, y tratan a la persona de usted.
 */
export const ES = {
  ...LAYOUT_ES,
  ...SITE_ES,
  ...OAUTH_ES,
  ...SHARED_ES,
  ...RESOLVE_ES,
  ...DRAFTS_ES,
  ...CONNECTIONS_ES,
  ...FORMS_ES,
  ...ACCESS_ES,
} as const;
