import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * The whole product's schema. Frozen: later changes go into new migrations.
 * Portable: ids are SERIAL on PostgreSQL and INTEGER PRIMARY KEY AUTOINCREMENT on SQLite; timestamps
 * are ISO-8601 text written by the app; flags are 0/1 integers; no database-side default functions.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (table: Table): Table =>
    postgres ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const userRef = (table: Table, column: string, nullable = false): Table =>
    table.addColumn(column, 'integer', (c) => {
      const ref = c.references('users.id').onDelete('cascade');
      return nullable ? ref : ref.notNull();
    });

  await withId(db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('bio', 'text')
    .addColumn('profile_picture', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('google_id', 'text', (c) => c.unique())
    .addColumn('email_verified_at', 'text')
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_like', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_comment', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_follow', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_help', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deactivated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await userRef(withId(db.schema.createTable('sessions')), 'user_id')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await userRef(withId(db.schema.createTable('email_tokens')), 'user_id')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').columns(['user_id', 'purpose']).execute();

  await withId(db.schema.createTable('login_failures'))
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email_normalized', 'created_at']).execute();

  await withId(db.schema.createTable('categories'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await userRef(db.schema.createTable('user_categories'), 'user_id')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_categories_pk', ['user_id', 'category_id'])
    .execute();
  await db.schema.createIndex('user_categories_category_idx').on('user_categories').column('category_id').execute();

  await userRef(withId(db.schema.createTable('posts')), 'user_id')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('read_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Feeds page newest first by id (keyset): per category and per author.
  await db.schema.createIndex('posts_category_id_idx').on('posts').columns(['category_id', 'id']).execute();
  await db.schema.createIndex('posts_user_id_idx').on('posts').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('likes')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user_idx').on('likes').columns(['user_id', 'post_id']).execute();

  await userRef(db.schema.createTable('saves'), 'user_id')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saves_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('saves_post_idx').on('saves').column('post_id').execute();

  await userRef(userRef(db.schema.createTable('follows'), 'follower_id'), 'following_id')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'following_id'])
    .execute();
  await db.schema.createIndex('follows_following_idx').on('follows').columns(['following_id', 'follower_id']).execute();

  await userRef(withId(db.schema.createTable('comments')), 'user_id')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'id']).execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await userRef(withId(db.schema.createTable('replies')), 'user_id')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('replies_comment_idx').on('replies').columns(['comment_id', 'id']).execute();
  await db.schema.createIndex('replies_post_idx').on('replies').column('post_id').execute();
  await db.schema.createIndex('replies_user_idx').on('replies').column('user_id').execute();

  await userRef(userRef(withId(db.schema.createTable('notifications')), 'user_id'), 'actor_id', true)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'type', 'updated_at']).execute();
  await db.schema.createIndex('notifications_post_idx').on('notifications').column('post_id').execute();
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();

  await userRef(withId(db.schema.createTable('help_requests')), 'user_id')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_requests_user_idx').on('help_requests').column('user_id').execute();

  await withId(db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'mail_outbox',
    'help_requests',
    'notifications',
    'replies',
    'comments',
    'follows',
    'saves',
    'likes',
    'posts',
    'user_categories',
    'categories',
    'login_failures',
    'email_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
