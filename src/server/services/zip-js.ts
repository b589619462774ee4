import { configure } from '@zip.js/zip.js/index-native.js';

/**
 * zip.js, configured once for the whole process: its configuration is global, so two modules each calling
 * `configure` overrode each other (the export's 256 kB chunks made the DICOM identity check read 1.2 MB per
 * header instead of 200 kB). No workers in Node; 64 kB chunks, the size of Node's own stream reads.
 */
configure({ useWebWorkers: false, chunkSize: 64 * 1024 });

export { Reader, ZipReader, ZipWriter } from '@zip.js/zip.js/index-native.js';
