import dcmjs from 'dcmjs';
import { textDecodingFor, type TextDecoding } from './character-sets.ts';

/**
 * dcmjs 0.51 decodes text with the first term of Specific Character Set only and refuses a file that
 * names several (every ISO 2022 file: `\ISO 2022 IR 87`), and reads each sequence item with a fresh
 * Latin-1 decoder, whatever the data set's character set. This puts character-sets.ts behind its reader:
 * (0008,0005) sets the full decoding on the stream it is read from, and an item's stream inherits its
 * parent's. dcmjs still rewrites the element to ISO_IR 192, the UTF-8 it writes the copy in.
 */
const SPECIFIC_CHARACTER_SET = '00080005';

type Stream = ReturnType<typeof dcmjs.data.ReadBufferStream.prototype.more> & { pendingDecoding?: TextDecoding };

const { DicomMessage, ReadBufferStream } = dcmjs.data;

const readTag = DicomMessage._readTag.bind(DicomMessage);
DicomMessage._readTag = (stream: Stream, ...rest: unknown[]) => {
  const info = readTag(stream, ...rest);
  if (info.tag.toCleanString() === SPECIFIC_CHARACTER_SET) {
    stream.pendingDecoding = textDecodingFor(info.values);
    info.values = ['ISO_IR 192'];
  }
  return info;
};

const setDecoder = ReadBufferStream.prototype.setDecoder;
ReadBufferStream.prototype.setDecoder = function (this: Stream, decoder: TextDecoding) {
  setDecoder.call(this, this.pendingDecoding ?? decoder);
  delete this.pendingDecoding;
};

const more = ReadBufferStream.prototype.more;
ReadBufferStream.prototype.more = function (this: Stream, length: number) {
  const item = more.call(this, length);
  item.setDecoder(this.decoder);
  return item;
};
