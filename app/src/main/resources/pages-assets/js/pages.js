// The pages' one script, an ES module (no inline script anywhere: the Content-Security-Policy
// allows none). Every feature finds its elements by data attributes and does nothing without them;
// the pages work without it (forms, links), it adds location, the map, drag and drop and live
// status. Run once per page, and again after htmx swaps a boosted page in.

function locate() {
  const button = document.querySelector('[data-locate]');
  if (!button || button.dataset.bound) return;
  button.dataset.bound = '1';
  const form = button.form;
  const problem = document.querySelector('[data-locate-error]');
  button.addEventListener('click', () => {
    if (!navigator.geolocation) { problem.hidden = false; return; }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.elements.lat.value = position.coords.latitude.toFixed(6);
        form.elements.lng.value = position.coords.longitude.toFixed(6);
        form.elements.area.value = ''; // the location wins over a neighbourhood
        form.submit();
      },
      () => { problem.hidden = false; },
      { timeout: 10000, maximumAge: 60000 });
  });
}

function map() {
  const element = document.getElementById('map');
  if (!element || element.dataset.bound || !window.L) return;
  element.dataset.bound = '1';
  const L = window.L;
  const here = [Number(element.dataset.lat), Number(element.dataset.lng)];
  const view = L.map(element, { scrollWheelZoom: false }).setView(here, 14);
  // Tiles are optional (dongchimi.pages.map.tile-url): markers and the list work without them.
  if (element.dataset.tileUrl) {
    L.tileLayer(element.dataset.tileUrl, { maxZoom: 19, attribution: element.dataset.attribution || '' }).addTo(view);
  }
  L.circleMarker(here, { radius: 8, color: '#b3261e', fillOpacity: 0.9 }).addTo(view);
  const bounds = [here];
  for (const mart of document.querySelectorAll('#mart-list [data-lat]')) {
    const at = [Number(mart.dataset.lat), Number(mart.dataset.lng)];
    const link = document.createElement('a');
    link.href = mart.dataset.href;
    link.textContent = mart.dataset.name;
    L.circleMarker(at, { radius: 7, color: '#0b57d0', fillOpacity: 0.8 }).bindPopup(link).addTo(view);
    bounds.push(at);
  }
  if (bounds.length > 1) view.fitBounds(bounds, { padding: [20, 20], maxZoom: 16 });
}

function dropzone() {
  const zone = document.querySelector('[data-dropzone]');
  if (!zone || zone.dataset.bound) return;
  zone.dataset.bound = '1';
  const input = zone.querySelector('input[type=file]');
  for (const type of ['dragenter', 'dragover']) {
    zone.addEventListener(type, (e) => { e.preventDefault(); zone.classList.add('over'); });
  }
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    if (e.dataTransfer.files.length) {
      input.files = e.dataTransfer.files;
      input.form.requestSubmit();
    }
  });
}

// The API's event stream of a task (a stream token in the URL, issued by the page's server for
// the signed-in account). Each event is the polling JSON; on a final one the page is reloaded,
// so the server renders the outcome (summary, row errors, the PDF link, the text).
function live() {
  const box = document.querySelector('[data-stream]');
  if (!box || box.dataset.bound) return;
  box.dataset.bound = '1';
  const source = new EventSource(box.dataset.stream);
  source.addEventListener('status', (event) => {
    const state = JSON.parse(event.data);
    if (box.dataset.kind === 'import') {
      const progress = state.progress || {};
      const percent = progress.total ? Math.min(99, Math.floor(100 * progress.done / progress.total)) : 0;
      const bar = box.querySelector('progress');
      bar.value = state.status === 'SUCCESS' || state.status === 'FAILED' ? 100 : percent;
      bar.textContent = bar.value + ' %';
      box.querySelector('[data-percent]').textContent = bar.value + ' %';
      box.querySelector('[data-phase]').textContent = progress.phase || '';
    } else {
      // The analysis stream's JSON has the register; the OCR's the text; the issuance's the file link.
      const id = 'register' in state ? 'analysis-status' : 'text' in state ? 'ocr-status' : 'issue-status';
      const target = document.getElementById(id);
      if (target) target.textContent = state.status;
    }
    if (state.status === 'SUCCESS' || state.status === 'FAILED') {
      source.close();
      window.location.reload();
    }
  });
  source.addEventListener('error', () => {
    // A closed stream (an expired token, an instance going away): a fresh page brings a new one.
    if (source.readyState === EventSource.CLOSED) setTimeout(() => window.location.reload(), 2000);
  });
}

function init() { locate(); map(); dropzone(); live(); }

// Module scripts run before DOMContentLoaded, and deferred classic scripts (htmx, Leaflet) by then
// have run too: start at that event, so window.L is there.
document.addEventListener('DOMContentLoaded', init);
document.addEventListener('htmx:afterSettle', init);
