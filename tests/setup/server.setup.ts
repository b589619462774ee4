// Server suites run against in-memory PGlite, or PostgreSQL when the project sets TEST_DB=postgres.
process.env.LOG_LEVEL ??= 'silent';
