// Hand-made booking lists for the bookings tests: as a spreadsheet (comma, then semicolon in a
// comma-decimal locale) and a booking site (LarpManager-like, extra columns) export them.

/** Comma separated, CRLF, a byte order mark, a quoted comma, a doubled quote and accents. */
export const COMMA_ROSTER =
  '\ufeffBooking ID,Player Name,Character,Paid\r\n' +
  'B-101,Alex,Brannoc,yes\r\n' +
  'B-102,Oskar,"Élodie Marsh",£25.00\r\n' +
  'B-103,"Holt, Beatrix","Aldric ""the Red""",no\r\n' +
  'B-104,Sam,,0\r\n';

/** Semicolon separated (a comma-decimal locale's spreadsheet), LF, amounts with decimal commas, a line break inside a quoted field. */
export const SEMICOLON_ROSTER =
  'Ticket;Name;Character name;Payment\n' +
  'T1;Alex;brannoc;25,00 €\n' +
  'T2;Oskar;"elodie  marsh";0,00\n' +
  'T3;"Priya\nPatel";;paid\n';

/** A LarpManager-like registration export: its own column names, extra columns, semicolons, quoted cells. */
export const LARPMANAGER_ROSTER =
  '"Registration ID";"Player";"Email";"Ticket";"Character";"Payment status";"Notes"\r\n' +
  '"4711";"Alex";"alex@example.org";"Standard";"Brannoc";"paid";"Vegetarian; no nuts"\r\n' +
  '"4712";"Oskar";"oskar@example.org";"Concession";"Élodie Marsh";"unpaid";""\r\n';
