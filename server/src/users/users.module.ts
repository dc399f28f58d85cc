import type { AppCore, AppModule } from '../deps.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';
import { exportRoutes } from './export.routes.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Members: profiles, settings, deactivation and deletion (its mails through the outbox), and "Download your data". */
export function usersModule(core: AppCore): AppModule {
  const { db, config, images, outbox, events } = core;
  const users = createUsersService(db, images);
  const account = createAccountService({ db, config, outbox, images, events });
  const fediverse = config.federation.enabled ? { host: new URL(config.publicUrl).host } : null;
  return {
    name: 'users',
    api: async (api) => {
      await api.register(usersRoutes, { users, account, fediverse });
      await api.register(accountRoutes, { account, config });
      await api.register(exportRoutes, core);
    },
  };
}
