import { BlobReader, BlobWriter, ZipReader, configure } from '@zip.js/zip.js/index-native.js';

// Already in a worker: zip.js inflates here (native DecompressionStream), with no worker of its own.
configure({ useWebWorkers: false });

/** One file to look at: a chosen file, or an entry of a chosen zip (read only when needed). */
export interface Source {
  name: string;
  size: number;
  /** The file itself (its slices are read as needed, and a copy can refer to them), or a zip entry inflated into a Blob. */
  blob: () => Promise<Blob>;
}

const isZip = async (file: File) => file.name.toLowerCase().endsWith('.zip') || (await file.slice(0, 4).text()) === 'PK\u0003\u0004';

/**
 * The chosen files (one, several, a folder's, or zips of them) as a flat list of sources. Zips are read
 * from the Blob, entry by entry (zip.js, ZIP64 included), never loaded whole in memory.
 */
export async function sourcesOf(files: File[]): Promise<{ sources: Source[]; zips: ZipReader<unknown>[] }> {
  const sources: Source[] = [];
  const zips: ZipReader<unknown>[] = [];
  for (const file of files) {
    const name = file.webkitRelativePath || file.name;
    if (!(await isZip(file))) {
      sources.push({
        name,
        size: file.size,
        blob: async () => file,
      });
      continue;
    }
    const zip = new ZipReader(new BlobReader(file));
    zips.push(zip);
    for (const entry of await zip.getEntries()) {
      if (entry.directory || !('getData' in entry) || !entry.getData) continue;
      const getData = entry.getData.bind(entry);
      sources.push({
        name: `${name}/${entry.filename}`,
        size: entry.uncompressedSize,
        blob: () => getData(new BlobWriter()),
      });
    }
  }
  return { sources, zips };
}
