// zod 4 probes `new Function` once to decide whether it may compile fast parsers; under the Content-Security-Policy
// (no 'unsafe-eval') that probe is reported as a violation. Jitless parsing skips the probe (the browser parses
// small forms; speed is the same to a user). Imported first by each web entry, before any schema parses.
import { config } from 'zod/v4/core';

config({ jitless: true });
