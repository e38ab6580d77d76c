// The embedded database's own thread: PGlite runs here, so its WebAssembly never holds the server's event loop.
// The main thread talks to it with the PostgreSQL wire protocol (node-postgres over a MessagePort stream,
// thread-stream.ts): one way to reach both databases. Plain JavaScript, so the thread starts without tsx.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SSL_REQUEST = 80877103;
const TERMINATE = 0x58; // 'X': the client is leaving; the embedded backend must live on for the next connection

let db;
try {
  db = await PGlite.create({
    ...(workerData?.dataDir ? { dataDir: workerData.dataDir } : {}),
    // Tests start from a migrated and seeded copy (a dumpDataDir tar) instead of an empty cluster: test/template.ts.
    ...(workerData?.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
    extensions: { pg_trgm },
  });
} catch (e) {
  parentPort.postMessage({ type: 'error', message: String(e?.message ?? e) });
  process.exit(1);
}

// One queue for every connection (PGlite is one session anyway), and the session's transaction status as the last
// ReadyForQuery said it ('I' idle, 'T' in a transaction, 'E' failed one): a snapshot waits for 'I'.
let turn = Promise.resolve();
let txStatus = 'I';
/** Snapshots asked for while a transaction was open: taken as soon as the session is idle again. */
const snapshotsWaiting = [];
const READY_FOR_QUERY = 0x5a; // 'Z'
/** Diagnostics (PGLITE_SLOW_MS=n): statements and transactions that hold the session longer are logged to stderr. */
const SLOW_MS = Number(process.env.PGLITE_SLOW_MS ?? 0);
let txStarted = 0;
let txStatements = 0;

/** The SQL text a Query ('Q') or Parse ('P') message carries, for the slow log. */
function sqlOf(message) {
  const tag = String.fromCharCode(message[0]);
  if (tag === 'Q') return message.subarray(5, 205).toString('utf8');
  if (tag === 'P') {
    const nameEnd = message.indexOf(0, 5);
    return message.subarray(nameEnd + 1, nameEnd + 201).toString('utf8');
  }
  return tag;
}

/**
 * A consistent copy of the whole database while the server runs (backups): between two transactions, after a
 * checkpoint, with the exact row count of every table of that moment. Statements arriving meanwhile wait behind it.
 */
async function snapshot(port) {
  // A statement queued before this one may have opened a transaction: wait for its end.
  if (txStatus !== 'I') {
    snapshotsWaiting.push(port);
    return;
  }
  try {
    await db.exec('checkpoint');
    const tables = await db.query(
      `select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
    );
    const counts = {};
    for (const t of tables.rows) {
      const name = `${t.schemaname}.${t.tablename}`;
      const r = await db.query(`select count(*)::int as n from "${t.schemaname}"."${t.tablename}"`);
      counts[name] = r.rows[0].n;
    }
    const blob = await db.dumpDataDir('none');
    const buffer = await blob.arrayBuffer();
    port.postMessage({ ok: true, counts, data: buffer }, [buffer]);
  } catch (e) {
    port.postMessage({ ok: false, message: String(e?.message ?? e) });
  }
  port.close();
}

function takeWaitingSnapshots() {
  while (txStatus === 'I' && snapshotsWaiting.length) {
    const port = snapshotsWaiting.shift();
    turn = turn.then(() => snapshot(port));
  }
}

/** One client connection: bytes in, whole protocol messages to PGlite, its answer back, in order. */
function serve(port) {
  let pending = Buffer.alloc(0);
  let started = false;
  port.on('message', (chunk) => {
    const data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length ? Buffer.concat([pending, data]) : data;
    const whole = [];
    let off = 0;
    for (;;) {
      const rest = pending.length - off;
      if (!started) {
        if (rest < 8) break;
        const len = pending.readInt32BE(off);
        if (rest < len) break;
        if (pending.readInt32BE(off + 4) === SSL_REQUEST) port.postMessage(Buffer.from('N'));
        else {
          whole.push(pending.subarray(off, off + len));
          started = true;
        }
        off += len;
        continue;
      }
      if (rest < 5) break;
      const len = 1 + pending.readInt32BE(off + 1);
      if (rest < len) break;
      if (pending[off] !== TERMINATE) whole.push(pending.subarray(off, off + len));
      off += len;
    }
    if (!off) return;
    pending = Buffer.from(pending.subarray(off));
    if (!whole.length) return;
    const message = whole.length === 1 ? whole[0] : Buffer.concat(whole);
    turn = turn.then(async () => {
      try {
        const t0 = SLOW_MS ? performance.now() : 0;
        const out = await db.execProtocolRaw(new Uint8Array(message.buffer, message.byteOffset, message.byteLength));
        const n = out.length;
        const before = txStatus;
        if (n >= 6 && out[n - 6] === READY_FOR_QUERY && out[n - 2] === 5 && out[n - 3] === 0)
          txStatus = String.fromCharCode(out[n - 1]);
        if (SLOW_MS) {
          const now = performance.now();
          if (before === 'I' && txStatus !== 'I') {
            txStarted = t0;
            txStatements = 0;
          }
          txStatements++;
          if (now - t0 > SLOW_MS)
            process.stderr.write(
              `pglite slow statement ${(now - t0).toFixed(0)} ms: ${sqlOf(message).replace(/\s+/g, ' ')}\n`,
            );
          if (before !== 'I' && txStatus === 'I' && now - txStarted > SLOW_MS)
            process.stderr.write(
              `pglite slow transaction ${(now - txStarted).toFixed(0)} ms, ${txStatements} messages\n`,
            );
        }
        if (out.length) port.postMessage(out);
        takeWaitingSnapshots();
      } catch (e) {
        port.postMessage({ type: 'error', message: String(e?.message ?? e) });
      }
    });
  });
}

parentPort.on('message', async (m) => {
  if (m.type === 'connect') serve(m.port);
  else if (m.type === 'snapshot') {
    snapshotsWaiting.push(m.port);
    turn = turn.then(() => takeWaitingSnapshots());
  } else if (m.type === 'close') {
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
parentPort.postMessage({ type: 'ready' });
