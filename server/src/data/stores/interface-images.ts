import type { Database } from '../database';

/** The console's uploaded images (migration 740, docs/interface.md), one per slot. */
export interface InterfaceImage {
  slot: string;
  contentType: string;
  data: Buffer;
  /** sha256 of the bytes, hex: the image's version in its URL. */
  digest: string;
}

export interface InterfaceImageVersion {
  slot: string;
  digest: string;
}

/** Slot and digest of every uploaded image (the public settings' logo URLs): no image bytes are read. */
export async function listInterfaceImageVersions(db: Database): Promise<InterfaceImageVersion[]> {
  return db.all<InterfaceImageVersion>('SELECT slot, digest FROM interface_images');
}

export async function findInterfaceImage(db: Database, slot: string): Promise<InterfaceImage | null> {
  const row = await db.get<{ slot: string; content_type: string; data: string; digest: string }>(
    'SELECT slot, content_type, data, digest FROM interface_images WHERE slot = ?',
    [slot],
  );
  return row
    ? { slot: row.slot, contentType: row.content_type, data: Buffer.from(row.data, 'base64'), digest: row.digest }
    : null;
}

export async function saveInterfaceImage(
  db: Database,
  image: InterfaceImage,
  updatedBy: string,
  now = Date.now(),
): Promise<void> {
  await db.run(
    `INSERT INTO interface_images (slot, content_type, data, digest, size, updated_by, date_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (slot) DO UPDATE SET content_type = excluded.content_type, data = excluded.data,
       digest = excluded.digest, size = excluded.size, updated_by = excluded.updated_by,
       date_updated = excluded.date_updated`,
    [image.slot, image.contentType, image.data.toString('base64'), image.digest, image.data.length, updatedBy, now],
  );
}

/** Forgets every uploaded image (restore defaults). */
export async function deleteInterfaceImages(db: Database): Promise<void> {
  await db.run('DELETE FROM interface_images');
}
