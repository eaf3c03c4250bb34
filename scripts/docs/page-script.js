/* global document, MutationObserver */
// Runs in the docs page (page.ts puts it into its head), before Redoc renders: adds what Redoc's
// markup leaves out, as Redoc renders it. Only attributes React does not manage, so hydration and
// later renders leave them alone.
new MutationObserver(() => {
  // The sidebar is the page's navigation landmark (Redoc marks only the content as main).
  for (const menu of document.querySelectorAll('.menu-content:not([role])')) {
    menu.setAttribute('role', 'navigation');
    menu.setAttribute('aria-label', 'Contents');
  }
  // A table or code block that scrolls sideways must be focusable for a keyboard to scroll it.
  for (const box of document.querySelectorAll('table.md:not([tabindex]), pre:not([tabindex])')) box.tabIndex = 0;
  // Redoc heads an operation with h2 and its parts with h4, h5, h6 (no h3): they are levels 3 to 5.
  for (const heading of document.querySelectorAll('h4:not([aria-level]), h5:not([aria-level]), h6:not([aria-level])'))
    heading.setAttribute('aria-level', String(Number(heading.tagName[1]) - 1));
  // The example picker is labelled "Example" while it shows the example's name: its name is its text.
  for (const picker of document.querySelectorAll('button[aria-label="Example"][aria-haspopup]')) picker.removeAttribute('aria-label');
}).observe(document.documentElement, { childList: true, subtree: true });
