/**
 * The pages' browser-test kit: {@link dev.platform.browsertest.BrowserKit} starts Debian's chromium
 * through Playwright (headless, nothing downloaded), {@link dev.platform.browsertest.Axe} checks a
 * page with axe-core, {@link dev.platform.browsertest.Layout} checks it on a phone's width and
 * saves screenshots under {@code target/screenshots}.
 */
package dev.platform.browsertest;
