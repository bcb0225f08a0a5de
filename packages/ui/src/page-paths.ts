/**
 * The people's pages, by path: one list the layout's navigation, the pages' links and the routers
 * share. The signed-in pages (connections, drafts, place, resolve, invites) are mounted by their own
 * routers; listing them here keeps every link to them spelled once.
 */
export const PAGE_PATHS = {
  home: "/",
  developers: "/developers",
  apiReference: "/developers/reference",
  signIn: "/signin",
  signOut: "/signout",
  /** The authorization server's pages an app sends a person to (spec §5.1.2 fixes authorize). */
  authorize: "/oauth/authorize",
  consent: "/oauth/consent",
  connections: "/connections",
  place: "/desk/place",
  resolve: "/resolve",
} as const;

/** The name people see in the header and page titles. */
export const SERVICE_NAME = "Connector";
