// The taskrow dashboard's only script of its own (htmx does the polling). No inline handlers: the
// pages' Content-Security-Policy allows scripts from the dashboard only.
(function () {
  "use strict";
  // Stop polling while the tab is hidden, and catch up when it is shown again: an operator leaves
  // the overview open in a background tab for hours.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.visibilityState === "hidden" && event.detail.elt.id === "live") {
      event.preventDefault();
    }
  });
  document.addEventListener("visibilitychange", function () {
    var live = document.getElementById("live");
    if (document.visibilityState === "visible" && live && window.htmx) {
      window.htmx.trigger(live, "refresh");
    }
  });
  // A poll answered by another page (the session expired and the application sent the request to
  // its login): reload, so the whole page goes to the login instead of a login form in a table.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    var asked = event.detail.requestConfig && event.detail.requestConfig.path;
    if (xhr && asked && xhr.responseURL && xhr.responseURL.indexOf(asked) === -1) {
      event.detail.shouldSwap = false;
      window.location.reload();
    }
  });
  // A confirmation button sends once: a double click must not submit a bulk action twice.
  document.addEventListener("submit", function (event) {
    var buttons = event.target.querySelectorAll("button[type=submit]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].disabled = true;
    }
  });
})();
