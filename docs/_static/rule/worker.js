/* The adjudicator of "Rule a deal in your browser" (docs/rule.rst, issue 31), in a Web Worker:
   Pyodide starts, unpacks the package and rules here, off the page's main thread, so the page
   stays responsive while it loads (about 14 MB, compiled once) and while it rules.  Everything
   it loads comes from the built site (the folder this file is in): nothing from elsewhere.

   Messages in:  {id, call: 'start', wheels: [file, ...]}  then  {id, call: NAME, args: [...]}
   for NAME one of page.py's functions (setup, words, rule); each answered with
   {id, ok: true, value} (page.py's JSON text; for start, how long Pyodide took) or
   {id, ok: false, error}. */
import { loadPyodide } from './pyodide/pyodide.mjs';

const here = new URL('./', import.meta.url).href;
let started = null;

async function start(wheels) {
  const t0 = performance.now();
  const py = await loadPyodide({indexURL: here + 'pyodide/'});
  const pyodideMs = Math.round(performance.now() - t0);
  const site = py.runPython('import site; site.getsitepackages()[0]');
  const buffers = await Promise.all(wheels.map(async (name) => {
    const r = await fetch(here + name);
    if (!r.ok) throw new Error(name + ': ' + r.status);
    return r.arrayBuffer();
  }));
  buffers.forEach((b, i) => py.unpackArchive(b, /\.whl$/.test(wheels[i]) ? 'wheel' : 'zip', {extractDir: site}));
  py.FS.writeFile(site + '/cucu_page.py', await (await fetch(here + 'page.py')).text());
  return {page: py.pyimport('cucu_page'), pyodideMs: pyodideMs};
}

self.onmessage = async (event) => {
  const {id, call, args, wheels} = event.data;
  try {
    if (call === 'start') {
      started = started || start(wheels);
      self.postMessage({id: id, ok: true, value: {pyodideMs: (await started).pyodideMs}});
    } else {
      const page = (await started).page;
      self.postMessage({id: id, ok: true, value: page[call](...(args || []))});
    }
  } catch (e) {
    self.postMessage({id: id, ok: false, error: String(e)});
  }
};
