/** Demo data (placeholder: a helper is filling in the full catalogue). */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { categories } from '../schema.js';

/** True when the database has no categories yet (a fresh database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  return (rows[0]?.n ?? 0) === 0;
}

export async function seedDemoData(db: Database, _options: { uploadsDir: string }): Promise<void> {
  await db.insert(categories).values([{ categoryName: 'Sedan' }, { categoryName: 'Suv' }]);
}
