import { describeCluster } from './cluster-cases.ts';

/**
 * Two app servers on one database, as behind a load balancer, sharing the local Redis (rate limits)
 * and a local S3 server (files): PostgreSQL with one process each (INKWELL_TEST_DB=postgres), SQLite
 * with WORKERS=2 each, so calls land on four processes. What one server did, the other shows at once.
 * The cases are in cluster-cases.ts; cluster.pgbouncer.test.ts runs them through PgBouncer.
 */
describeCluster({ name: '' });
