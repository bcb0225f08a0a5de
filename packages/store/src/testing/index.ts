export {
  ALL_TEST_DIALECTS,
  TEST_DIALECTS,
  TEST_PG_URL,
  createSharedTestDatabase,
  createTestDatabase,
  EMBEDDED_TEST_DIALECT,
  SHARED_DATABASE_IN_RUN,
  SHARED_TEST_DIALECT,
  queryTestDatabase,
  withTestDatabase,
  type CreateTestDatabaseOptions,
  type TestDatabase,
  type TestDialect,
  type WithTestDatabaseOptions,
} from "./test-databases.js";
export { MIGRATED_TEMPLATE, SQLITE_TEMPLATE_DIR, templateKey, type TestTemplate } from "./test-templates.js";
