import path from 'node:path';
import { loadConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { backfillSearchText } from './modules/academy/course-search.js';
import { seedDemo } from './seed/seed.js';
import { localStorage } from './lib/storage.js';
import { ensureFirstAdmin } from './modules/accounts/admins.service.js';

/** `npm run seed`: migrations, the first admin and the demo data, on the configured database. */
const config = loadConfig();
const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(path.join(config.dataDir, 'pglite'));
await database.migrate();
const admin = await ensureFirstAdmin(database.db, config.adminEmail, config.adminPassword);
if (admin.created && admin.generatedPassword) console.warn(`First admin: ${config.adminEmail} / ${admin.generatedPassword} (shown once)`);
await seedDemo(database.db, localStorage(path.join(config.dataDir, 'uploads')), { info: (msg) => console.warn(msg) });
await backfillSearchText(database.db);
await database.close();
