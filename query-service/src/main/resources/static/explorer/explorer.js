// Spotcast forecast explorer: every number on the page comes from the query API, and every request
// the page makes is listed under it as a curl line. No build step, no network beyond this service.
'use strict';

(() => {
  const base = new URL('.', document.baseURI);
  const $ = (id) => document.getElementById(id);
  const select = { model: $('model'), run: $('run'), height: $('height'), time: $('time') };
  const state = { models: [], place: null, charts: [], layers: L.layerGroup(), extent: null };

  // --- requests: each API call is shown as the curl line that repeats it ---

  function apiUrl(path, params) {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, value);
    }
    // ':' and ',' are legal in a query: kept as they are, the curl lines read as the API's documentation does.
    url.search = url.search.replace(/%3A/gi, ':').replace(/%2C/gi, ',');
    return url;
  }

  function showRequest(url) {
    const item = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = `curl '${url.href}'`;
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.addEventListener('click', () => copyText(code));
    item.append(code, copy);
    $('requests').append(item);
  }

  function copyText(code) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(code.textContent);
      return;
    }
    const range = document.createRange(); // plain HTTP: select it for Ctrl-C
    range.selectNodeContents(code);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
  }

  async function getJson(url, cache) {
    showRequest(url);
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: cache || 'default' });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const why = body && (body.detail || body.title);
      throw new Error(`${response.status} ${why || response.statusText} (${url.pathname})`);
    }
    return body;
  }

  function showError(error) {
    $('error').textContent = error ? String(error.message || error) : '';
    $('error').hidden = !error;
  }

  // --- the map: Natural Earth country outlines shipped with the service, no tiles ---

  const map = L.map('map', { worldCopyJump: true, minZoom: 1, maxZoom: 12, zoomSnap: 0.5 }).setView([30, 10], 2);
  state.layers.addTo(map);
  fetch(new URL('vendor/world-atlas/package/countries-50m.json', base))
    .then((response) => response.json())
    .then((world) => {
      L.geoJSON(topojson.feature(world, world.objects.countries), {
        interactive: false,
        style: { color: '#7a828a', weight: 0.6, fillColor: '#eeeadf', fillOpacity: 1 },
      }).addTo(map).bringToBack();
    });
  map.on('click', (event) => {
    const place = event.latlng.wrap();
    showPlace(round(place.lat, 4), round(place.lng, 4));
  });

  function round(value, digits) {
    const scale = 10 ** digits;
    return Math.round(value * scale) / scale;
  }

  // --- model, run, height and time: from /v1/models ---

  function model() {
    return state.models.find((m) => m.model === select.model.value);
  }

  function option(parent, value, text, selected) {
    const element = document.createElement('option');
    element.value = value;
    element.textContent = text;
    element.selected = Boolean(selected);
    parent.append(element);
  }

  function gridExtent(grid) {
    if (grid.nLon && grid.dLon !== undefined && grid.lon0 !== undefined) {
      const span = (grid.nLon - 1) * Math.abs(grid.dLon);
      if (span + Math.abs(grid.dLon) >= 359.999) return [[grid.south, -180], [grid.north, 180]]; // all longitudes
      const first = grid.dLon > 0 ? grid.lon0 : grid.lon0 - span;
      const west = first > 180 ? first - 360 : first;
      return [[grid.south, west], [grid.north, west + span]];
    }
    return [[grid.south, -180], [grid.north, 180]];
  }

  function covers(m, lat, lon) {
    const [[south, west], [north, east]] = gridExtent(m.grid);
    const x = lon < west ? lon + 360 : lon;
    return lat >= south && lat <= north && x >= west && x <= east;
  }

  function fillModel() {
    const m = model();
    select.run.replaceChildren();
    for (const run of m.runs) {
      option(select.run, run.published ? '' : run.run, `${utc(run.runTime)}${run.published ? ' (published)' : ''}`,
        run.published);
    }
    select.height.replaceChildren();
    for (const type of m.levelTypes) {
      if (type.queryParameter === 'alt' || type.queryParameter === 'pressure') {
        for (const level of type.levels) {
          const label = type.queryParameter === 'alt' ? `${level} m above ground` : `${level} hPa`;
          option(select.height, `${type.queryParameter}=${level}`, label);
        }
      } else {
        option(select.height, '', `${type.type} fields`);
      }
    }
    select.time.replaceChildren();
    const now = Date.now();
    let nearest = m.steps[0];
    for (const step of m.steps) {
      if (Math.abs(Date.parse(step.time) - now) < Math.abs(Date.parse(nearest.time) - now)) nearest = step;
    }
    for (const step of m.steps) option(select.time, step.time, `${utc(step.time)} (+${step.step} h)`, step === nearest);
    if (state.extent) state.extent.remove();
    state.extent = L.rectangle(gridExtent(m.grid), {
      interactive: false, color: '#1d3557', weight: 1.5, dashArray: '6 4', fill: false,
    }).addTo(map);
  }

  function choose(element, value) {
    if ([...element.options].some((o) => o.value === value)) element.value = value;
  }

  function utc(time) {
    return new Date(time).toLocaleString(undefined, {
      timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }) + ' UTC';
  }

  function vertical() {
    const [name, value] = select.height.value.split('=');
    return name ? { [name]: value } : {};
  }

  // --- a place: the values at the chosen time, the meteogram, the grid points used ---

  async function showPlace(lat, lon) {
    const m = model();
    if (!m) return;
    state.place = { lat, lon };
    $('requests').replaceChildren();
    state.layers.clearLayers();
    L.circleMarker([lat, lon], { radius: 6, className: 'place', color: '#c1121f', weight: 2, fillOpacity: 0.9 }).addTo(state.layers);
    showError(null);
    const common = { model: m.model, run: select.run.value, lat, lon, ...vertical(), units: 'C', timezone: 'auto' };
    history.replaceState(null, '', `#${new URLSearchParams({ model: m.model, lat, lon, ...vertical(), time: select.time.value })}`);
    const place = $('place');
    place.dataset.lat = lat;
    place.dataset.lon = lon;
    place.dataset.time = select.time.value;
    place.dataset.state = 'loading';
    try {
      const spot = await getJson(apiUrl('v1/spot', { ...common, time: select.time.value }));
      showValues(spot);
      showNeighbours(spot);
      const series = await getJson(apiUrl('v1/series', common));
      // An ensemble: its members' 10th to 90th percentile as a band around the control.
      let band = null;
      if (m.ensemble) {
        const [low, high] = await Promise.all(['p10', 'p90'].map((statistic) =>
          getJson(apiUrl('v1/series', { ...common, ensemble: statistic }))));
        band = { low, high, members: m.ensemble.members.length };
      }
      // Other models over the place at the same kind of height: one side-by-side request (models=);
      // an ensemble's members are drawn as its band, not one by one.
      const overlaid = state.models
        .filter((other) => other.model !== m.model && !other.memberOf && covers(other, lat, lon) && sameHeight(other))
        .slice(0, 9);
      let others = [];
      if (overlaid.length) {
        const answer = await getJson(apiUrl('v1/series', {
          models: overlaid.map((other) => other.model).join(','), lat, lon, ...vertical(), units: 'C', timezone: 'auto',
        })).catch(() => null);
        others = answer ? answer.models.filter((one) => Array.isArray(one.steps)) : [];
      }
      // Precipitation as people read it: mm over each step's interval, made from the model's own
      // field (tp in m, APCP in kg m-2) by the service, where the model can make it; at the surface
      // (no height) where the model keeps it there, else at the height shown.
      const { model: id, run, units, timezone } = common;
      const rain = (m.derived || []).some((d) => d.name === 'precipitation')
        ? await getJson(apiUrl('v1/series', { model: id, run, lat, lon, units, timezone, params: 'precipitation' }))
          .catch(() => getJson(apiUrl('v1/series', { ...common, params: 'precipitation' })))
          .catch(() => null)
        : null;
      showMeteogram(series, others, band, rain);
      place.dataset.state = 'shown';
    } catch (error) {
      place.dataset.state = 'failed';
      showError(error);
    }
  }

  // Another model is overlaid at the same kind of height (above ground or pressure) when it has that level.
  function sameHeight(other) {
    const wanted = vertical();
    const [name] = Object.keys(wanted);
    if (!name) return null;
    const type = other.levelTypes.find((t) => t.queryParameter === name);
    return type && type.levels.includes(Number(wanted[name])) ? wanted : null;
  }

  function showValues(spot) {
    const heading = document.createElement('h2');
    const where = `${spot.lat.toFixed(4)}°, ${spot.lon.toFixed(4)}°`;
    const height = spot.alt !== undefined ? `, ${spot.alt} m above ground` : spot.pressure !== undefined ? `, ${spot.pressure} hPa` : '';
    heading.textContent = `${where}${height}`;
    const when = document.createElement('p');
    when.textContent = `${spot.local_time ? localLabel(spot.local_time, spot.timezone) : utc(spot.time)} · ${spot.model}, run ${utc(spot.run)}`;
    $('place').replaceChildren(heading, when);
    const rows = [];
    for (const [name, value] of Object.entries(spot.values)) {
      const row = document.createElement('tr');
      row.dataset.param = name;
      const label = document.createElement('th');
      label.textContent = name;
      const number = document.createElement('td');
      number.className = 'value';
      number.textContent = value.value === null ? '–' : value.value.toFixed(2);
      if (value.reason) number.title = value.reason;
      const unit = document.createElement('td');
      unit.textContent = value.unit || '';
      row.append(label, number, unit);
      rows.push(row);
    }
    $('values').tBodies[0].replaceChildren(...rows);
    $('values').hidden = false;
  }

  function localLabel(localTime, zone) {
    return `${localTime.slice(0, 16).replace('T', ' ')} ${zone}`;
  }

  function showNeighbours(spot) {
    const rows = [];
    for (const point of spot.neighbours) {
      L.circleMarker([point.lat, point.lon], {
        radius: 4 + 14 * point.weight, className: 'grid-point', color: '#1d3557', weight: 1.5, fillColor: '#457b9d', fillOpacity: 0.5,
      }).bindTooltip(`grid point ${point.point}: weight ${point.weight.toFixed(3)}, ${(point.distance / 1000).toFixed(1)} km`)
        .addTo(state.layers);
      const row = document.createElement('tr');
      for (const text of [point.point, point.lat.toFixed(4), point.lon.toFixed(4),
        `${(point.distance / 1000).toFixed(1)} km`, point.weight.toFixed(3)]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      rows.push(row);
    }
    $('neighbours').querySelector('tbody').replaceChildren(...rows);
    $('neighbours').hidden = false;
  }

  // --- the meteogram: two charts on one time axis, in the place's local time ---

  function seriesOf(series, test) {
    const name = Object.keys(series.steps[0]?.values || {}).find((key) => test(key, series.steps[0].values[key]));
    if (!name) return null;
    return {
      name,
      unit: series.steps[0].values[name].unit,
      points: series.steps.map((step) => ({ x: Date.parse(step.time), y: step.values[name]?.value ?? null })),
    };
  }

  function arrow() { // points north; Chart.js turns it by each point's rotation (degrees clockwise)
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 22;
    const g = canvas.getContext('2d');
    g.strokeStyle = g.fillStyle = '#2a9d8f';
    g.lineWidth = 2;
    g.beginPath(); g.moveTo(11, 20); g.lineTo(11, 5); g.stroke();
    g.beginPath(); g.moveTo(11, 1); g.lineTo(6, 9); g.lineTo(16, 9); g.closePath(); g.fill();
    return canvas;
  }

  function showMeteogram(series, others, band, rain) {
    for (const chart of state.charts) chart.destroy();
    state.charts = [];
    const zone = series.timezone || 'UTC';
    const format = new Intl.DateTimeFormat(undefined, { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    $('meteogram-zone').textContent = `(local time, ${zone})`;
    const times = series.steps.map((step) => Date.parse(step.time));
    const x = {
      type: 'linear', min: times[0], max: times[times.length - 1],
      ticks: { stepSize: 3 * 3600e3, callback: (value) => format.format(new Date(value)), maxRotation: 0, autoSkip: true },
    };
    const temperature = seriesOf(series, (name, value) => value.unit === '°C');
    const humidity = seriesOf(series, (name, value) => value.unit === '%');
    const precipitation = (rain && seriesOf(rain, (name) => name === 'precipitation'))
      || seriesOf(series, (name) => /^(tp|precip|prate|rain|apcp)/i.test(name));
    $('meteogram').dataset.precipitation = precipitation ? `${precipitation.name} (${precipitation.unit})` : '';
    const speed = seriesOf(series, (name) => name === 'wind_speed');
    const direction = seriesOf(series, (name) => name === 'wind_direction');
    const pressure = seriesOf(series, (name, value) => value.unit === 'hPa');

    const first = [];
    state.band = null;
    if (temperature && band) {
      const low = seriesOf(band.low, (name) => name === temperature.name);
      const high = seriesOf(band.high, (name) => name === temperature.name);
      if (low && high) {
        state.band = { low: low.points, high: high.points };
        first.push({ ...line(`${temperature.name} 10th percentile of ${band.members} members`, low, 'rgba(193,18,31,0.25)', 'y'),
          pointRadius: 0, fill: false });
        first.push({ ...line(`${temperature.name} 90th percentile`, high, 'rgba(193,18,31,0.25)', 'y'),
          pointRadius: 0, fill: '-1', backgroundColor: 'rgba(193,18,31,0.12)' });
      }
    }
    $('meteogram').dataset.band = state.band ? 'p10-p90' : '';
    if (temperature) first.push(line(`${temperature.name} (${temperature.unit}) · ${series.model}${band ? ' (control)' : ''}`, temperature, '#c1121f', 'y'));
    for (const other of others) {
      const t = seriesOf(other, (name, value) => value.unit === '°C');
      if (t) first.push({ ...line(`${t.name} (${t.unit}) · ${other.model}`, t, '#e76f51', 'y'), borderDash: [6, 4] });
    }
    if (humidity) first.push(line(`${humidity.name} (%)`, humidity, '#457b9d', 'y1', [2, 3]));
    if (precipitation) first.push({ type: 'bar', label: `${precipitation.name} (${precipitation.unit})`, data: precipitation.points, yAxisID: 'y2', backgroundColor: '#8ecae6' });
    state.charts.push(chart('chart-temperature', first, x, {
      y: { title: { display: true, text: temperature ? temperature.unit : '' } },
      y1: { display: Boolean(humidity), position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false }, title: { display: true, text: '%' } },
      y2: { display: Boolean(precipitation), position: 'right', beginAtZero: true, grid: { drawOnChartArea: false } },
    }));

    const second = [];
    if (speed) {
      const rotations = direction ? direction.points.map((p) => (p.y === null ? 0 : (p.y + 180) % 360)) : [];
      second.push({
        ...line(`wind speed (${speed.unit}), arrows: where it blows`, speed, '#2a9d8f', 'y'),
        pointStyle: direction ? arrow() : 'circle', rotation: (context) => rotations[context.dataIndex] || 0,
        pointRadius: 8,
      });
    }
    if (pressure) second.push(line(`${pressure.name} (hPa)`, pressure, '#6c757d', 'y1', [4, 2]));
    state.charts.push(chart('chart-wind', second, x, {
      y: { beginAtZero: true, title: { display: true, text: speed ? speed.unit : '' } },
      y1: { display: Boolean(pressure), position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'hPa' } },
    }));
    $('meteogram').dataset.steps = series.steps.length;
    $('meteogram').hidden = false;
  }

  function line(label, data, color, axis, dash) {
    return { type: 'line', label, data: data.points, borderColor: color, backgroundColor: color, yAxisID: axis,
      borderDash: dash || [], pointRadius: 2, tension: 0.25, spanGaps: false };
  }

  function chart(id, datasets, x, axes) {
    return new Chart($(id), {
      data: { datasets },
      options: {
        animation: false, maintainAspectRatio: false, parsing: true, interaction: { mode: 'index', intersect: false },
        scales: { x, ...axes },
        plugins: { legend: { labels: { boxWidth: 12 } }, tooltip: { callbacks: { title: (items) => items.length ? x.ticks.callback(items[0].parsed.x) : '' } } },
      },
    });
  }

  // --- start: the models, then the choices follow them ---

  async function start() {
    try {
      // Revalidated on every load (a 304 when nothing changed): a new run or model shows at once.
      const answer = await getJson(apiUrl('v1/models', {}), 'no-cache');
      state.models = answer.models;
      // An ensemble is one more model: its control member's grid, levels and steps, answered as a whole.
      for (const ensemble of answer.ensembles || []) {
        const control = state.models.find((one) => one.model === ensemble.models[0]);
        if (!control) continue;
        for (const member of state.models.filter((one) => ensemble.models.includes(one.model))) member.memberOf = ensemble.model;
        state.models.push({ ...control, model: ensemble.model, ensemble, memberOf: undefined });
      }
      if (!state.models.length) throw new Error('No model has a published run yet: load one (./spotcast demo does).');
      // A link to a view (#model=..&lat=..&lon=..&alt=..&time=..) opens that view.
      const link = new URLSearchParams(location.hash.slice(1));
      for (const m of state.models) option(select.model, m.model, m.model, m.model === link.get('model'));
      fillModel();
      for (const name of ['alt', 'pressure']) {
        if (link.has(name)) choose(select.height, `${name}=${Number(link.get(name))}`);
      }
      if (link.has('time')) choose(select.time, link.get('time'));
      // Without animation: the map is where it will stay once the page says it is ready.
      map.fitBounds(gridExtent(model().grid), { maxZoom: 4, animate: false });
      document.body.dataset.ready = 'true';
      if (link.has('lat') && link.has('lon')) {
        map.setView([Number(link.get('lat')), Number(link.get('lon'))], 5, { animate: false });
        await showPlace(Number(link.get('lat')), Number(link.get('lon')));
      }
    } catch (error) {
      showError(error);
    }
  }

  // Without animation: a click right after a change lands where the map shows the place.
  select.model.addEventListener('change', () => {
    fillModel();
    map.fitBounds(gridExtent(model().grid), { maxZoom: 4, animate: false });
    replace();
  });
  for (const name of ['run', 'height', 'time']) select[name].addEventListener('change', replace);
  function replace() {
    if (state.place) showPlace(state.place.lat, state.place.lon);
  }

  window.spotcastExplorer = { map, showPlace, band: () => state.band };
  start();
})();
