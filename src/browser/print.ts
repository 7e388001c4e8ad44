// The browser's print dialog (the student's receipt page). Behind this module so views never
// touch window directly and tests can stub it.

/** Opens the print dialog for the current page. */
export function printPage(): void {
  window.print();
}
