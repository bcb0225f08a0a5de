export {
  ALL_TEST_DIALECTS,
  TEST_DIALECTS,
  TEST_PG_URL,
  createTestDatabase,
  queryTestDatabase,
  withTestDatabase,
  type CreateTestDatabaseOptions,
  type TestDatabase,
  type TestDialect,
  type WithTestDatabaseOptions,
} from "./test-databases.js";
