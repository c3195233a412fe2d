// Spotcast ingestion console: jobs, feeds and published runs from the ingestion API, read with the key the
// user gives (sessionStorage: this tab only). Refreshes every 2 seconds.
'use strict';

(() => {
  const base = new URL('..', document.baseURI);
  const $ = (id) => document.getElementById(id);
  const KEY = 'spotcast.ingest.key';
  const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
  let timer = null;
  // Counts starts and stops: an answer that comes back after the key changed (or was forgotten) is
  // from before, and is dropped, never shown over the newer key's answer.
  let generation = 0;

  async function get(path) {
    const response = await fetch(new URL(path, base), {
      headers: { Accept: 'application/json', 'X-API-Key': sessionStorage.getItem(KEY) || '' },
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const why = (body && (body.detail || body.title)) || response.statusText;
      throw Object.assign(new Error(`${response.status} ${why}`), { status: response.status });
    }
    return body;
  }

  function cell(text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }

  function duration(iso) { // seconds, or an ISO-8601 duration (PT1M5.2S) -> 1m 05s
    if (iso === null || iso === undefined) return '–';
    if (typeof iso === 'number') return clock(iso);
    const m = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(iso);
    if (!m) return iso;
    const seconds = (Number(m[1] || 0) * 86400) + (Number(m[2] || 0) * 3600) + (Number(m[3] || 0) * 60) + Number(m[4] || 0);
    return clock(seconds);
  }

  function clock(seconds) {
    const s = Math.round(seconds);
    if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
    if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
    if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
    return `${s}s`;
  }

  function listed(map) {
    return Object.entries(map || {}).filter(([, count]) => count > 0).map(([name, count]) => `${name} ${count}`).join(', ') || '–';
  }

  function jobRow(job) {
    const row = document.createElement('tr');
    row.dataset.job = job.id;
    row.dataset.state = job.state;
    row.dataset.progress = job.progress;
    row.append(cell(job.id), cell(`${job.model} / ${job.runId}`), cell(job.state, 'state'));
    const bar = document.createElement('progress');
    bar.max = 1;
    bar.value = job.progress;
    const progress = cell('', 'number');
    progress.append(bar, ` ${(job.progress * 100).toFixed(1)} %`);
    row.append(progress,
      cell(`${number.format(job.acknowledgedDocuments)} / ${number.format(job.expectedDocuments)}`, 'number'),
      cell(number.format(job.docsPerSecond), 'number'),
      cell(duration(job.eta), 'number'),
      cell(listed(job.chunks)),
      cell(listed(job.chunksDoneBy)),
      cell(String(job.retries), 'number'),
      cell(String(job.deadLetters), 'number'),
      cell((job.errors || []).join('; ') || '', 'errors'));
    return row;
  }

  function runRow(run) {
    const row = document.createElement('tr');
    row.dataset.model = run.model;
    row.dataset.run = run.run;
    row.append(cell(run.model), cell(`${run.run} (${run.runTime})`), cell(duration(run.age), 'number'),
      cell(run.publishedAt ? new Date(run.publishedAt).toLocaleString() : '–'),
      cell(number.format(run.documents), 'number'), cell((run.indices || []).join(', ')));
    return row;
  }

  const FEED_STATES = {
    IDLE: 'idle', WAITING_FOR_CYCLE: 'waiting for the cycle', FETCHING: 'fetching', LOADING: 'loading',
    PUBLISHED: 'published', FAILED: 'late / failed',
  };

  function when(iso) {
    return iso ? new Date(iso).toLocaleString() : '–';
  }

  function feedRow(feed) {
    const row = document.createElement('tr');
    row.dataset.feed = feed.feed;
    row.dataset.state = feed.state;
    const state = feed.state === 'FETCHING'
      ? `fetching ${feed.fieldsDone} of ${feed.fieldsWanted} fields` : (FEED_STATES[feed.state] || feed.state);
    row.append(cell(feed.feed), cell(`${feed.model} (${feed.publisher})`), cell(state, 'state'),
      cell(feed.run || '–'),
      cell(`${feed.fieldsDone} / ${feed.fieldsWanted}`, 'number'),
      cell(`${(feed.bytes / 1e6).toFixed(1)} MB`, 'number'),
      cell(String(feed.retries), 'number'),
      cell(feed.servedRun || '–'), cell(duration(feed.servedAge), 'number'),
      cell(when(feed.nextExpected)), cell(when(feed.deadline)),
      cell(feed.reason || '', feed.state === 'FAILED' ? 'errors' : ''));
    return row;
  }

  async function refresh() {
    const asked = generation;
    try {
      const [jobs, runs, feeds] = await Promise.all([get('v1/ingestions?limit=20'), get('v1/runs'), get('v1/feeds')]);
      if (asked !== generation) return;
      $('jobs').tBodies[0].replaceChildren(...jobs.map(jobRow));
      $('feeds').tBodies[0].replaceChildren(...feeds.map(feedRow));
      $('runs').tBodies[0].replaceChildren(...runs.map(runRow));
      $('status').textContent = `Updated ${new Date().toLocaleTimeString()}: ${jobs.length} jobs, ${runs.length} published runs.`;
      $('error').hidden = true;
      document.body.dataset.state = 'shown';
    } catch (error) {
      if (asked !== generation) return;
      $('error').textContent = error.status === 401 || error.status === 403
        ? `${error.message}. Give a key with the role ingest:read.` : error.message;
      $('error').hidden = false;
      document.body.dataset.state = 'failed';
      if (error.status === 401 || error.status === 403) { // nothing stays on the page without a valid key
        stop();
        clear();
      }
    }
  }

  function start() {
    stop();
    $('forget').hidden = false;
    refresh();
    timer = setInterval(refresh, 2000);
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    generation++;
  }

  $('login').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, $('key').value.trim());
    $('key').value = '';
    start();
  });
  function clear() {
    $('jobs').tBodies[0].replaceChildren();
    $('feeds').tBodies[0].replaceChildren();
    $('runs').tBodies[0].replaceChildren();
  }

  $('forget').addEventListener('click', () => {
    stop();
    sessionStorage.removeItem(KEY);
    clear();
    $('forget').hidden = true;
    delete document.body.dataset.state;
  });
  if (sessionStorage.getItem(KEY)) start();
})();
