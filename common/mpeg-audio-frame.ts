/**
 * MPEG audio layer III frame headers (the 4 bytes in front of every MP3 frame). Shared by the upload sniffer
 * (common/media-sniff.ts, which the upload screens run too) and the Worker's MP3 duration parser, so all agree
 * on what counts as an MP3 frame.
 */
export type Layer3Frame = {
  /** MPEG-1, MPEG-2 (half sample rates) or the unofficial but common MPEG-2.5 (quarter sample rates). */
  version: 1 | 2 | 2.5;
  /** Bits per second. */
  bitrate: number;
  sampleRate: number;
  /** Audio samples each frame decodes to, per channel. */
  samplesPerFrame: 1152 | 576;
  /** Whole frame in bytes, header included. */
  frameLength: number;
  /** Bytes of side information after the header; a Xing/Info tag starts right after it. */
  sideInfoLength: 32 | 17 | 9;
};

const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] } as const;

/**
 * The lowest and highest bitrate a layer III frame of this MPEG version can have (bits per second). Every
 * frame of a stream lies between them, so they bound how much audio a number of bytes can hold.
 */
export function layer3BitrateRange(version: Layer3Frame["version"]): { min: number; max: number } {
  const kbps = version === 1 ? KBPS_V1 : KBPS_V2;
  return { min: kbps[1]! * 1000, max: kbps.at(-1)! * 1000 };
}

/**
 * The layer III frame header at `offset`, or null when the bytes there are not one: an 11-bit sync, a
 * version that is not reserved, layer bits 01, a bitrate index other than 0 (free format, whose frame length
 * cannot be computed) and 15 (invalid), and a sample-rate index other than 3 (reserved).
 */
export function parseLayer3Header(bytes: Uint8Array, offset = 0): Layer3Frame | null {
  if (offset < 0 || offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11;
  if (versionBits === 0b01) return null;
  if (((b1 >> 1) & 0b11) !== 0b01) return null;
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null;

  const version = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5;
  const bitrate = (version === 1 ? KBPS_V1 : KBPS_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex]!;
  const samplesPerFrame = version === 1 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const mono = b3 >> 6 === 0b11;
  return {
    version,
    bitrate,
    sampleRate,
    samplesPerFrame,
    frameLength: Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding,
    sideInfoLength: version === 1 ? (mono ? 17 : 32) : mono ? 9 : 17,
  };
}
