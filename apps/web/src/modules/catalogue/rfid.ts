/**
 * RFID reader drivers of the web app (the reader sits on the librarian's desk, next to the browser).
 *
 * - `keyboard`: a desktop HF reader in keyboard-wedge mode types the tag id (UID) into the focused field and
 *   presses Enter — it cannot be polled and cannot write AFI (the security gate then works on the EAS/AFI the
 *   tag already has).
 * - `simulated`: a pad in memory for demos and browser tests: `simulatedPad.place(uid)` puts a tag on it,
 *   `read()` answers it, `writeAfi` records the AFI. Exposed as `window.__rfidPad` for the e2e tests.
 *
 * A real driver (a local reader service over HTTP/WebSocket, Web Serial) implements the same interface.
 */
export interface RfidReader {
  kind: 'keyboard' | 'simulated';
  /** True when `read()` can be called (otherwise the tag id is typed into a field by the reader). */
  canPoll: boolean;
  canWriteAfi: boolean;
  /** The single tag on the pad; rejects with READ_FAILED when there is none or more than one. */
  read(): Promise<string>;
  writeAfi(uid: string, afi: string): Promise<void>;
}

export class RfidError extends Error {
  constructor(readonly code: 'READ_FAILED' | 'AFI_FAILED') {
    super(code);
  }
}

/** i18n keys of the spec's messages (§8). */
export const RFID_MESSAGES = {
  READ_FAILED: 'catalogue.rfid.readFailed',
  AFI_FAILED: 'catalogue.rfid.afiFailed',
} as const;

class SimulatedPad {
  private tags = new Map<string, string>();
  place(uid: string, afi = '') {
    this.tags.set(uid.toUpperCase(), afi);
  }
  clear() {
    this.tags.clear();
  }
  afiOf(uid: string) {
    return this.tags.get(uid.toUpperCase());
  }
  list() {
    return [...this.tags.keys()];
  }
}
export const simulatedPad = new SimulatedPad();
(globalThis as { __rfidPad?: SimulatedPad }).__rfidPad = simulatedPad;

const simulated: RfidReader = {
  kind: 'simulated',
  canPoll: true,
  canWriteAfi: true,
  async read() {
    const tags = simulatedPad.list();
    if (tags.length !== 1) throw new RfidError('READ_FAILED');
    return tags[0];
  },
  async writeAfi(uid, afi) {
    if (simulatedPad.afiOf(uid) === undefined) throw new RfidError('AFI_FAILED');
    simulatedPad.place(uid, afi);
  },
};

const keyboard: RfidReader = {
  kind: 'keyboard',
  canPoll: false,
  canWriteAfi: false,
  read: () => Promise.reject(new RfidError('READ_FAILED')),
  writeAfi: () => Promise.resolve(),
};

/** The driver the school chose in its editing settings ('none' = tag ids typed by hand, like keyboard). */
export function rfidReader(kind: 'none' | 'keyboard' | 'simulated'): RfidReader {
  return kind === 'simulated' ? simulated : keyboard;
}
