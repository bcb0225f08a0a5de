import type { ComponentChildren } from "preact";

export interface TableColumn {
  /** The header, also shown beside each value when the table reflows on a phone. */
  label: string;
}

export interface TableProps {
  /** Says what the table lists; read first by screen readers. */
  caption: string;
  columns: readonly TableColumn[];
  /** One array of cells per row, in column order. */
  rows: readonly (readonly ComponentChildren[])[];
  /** A stable key per row (e.g. the record id), in row order. */
  rowKeys?: readonly string[];
}

/**
 * A table that stays a table on desktop and becomes one labelled card per row on a phone: each cell
 * carries its column's label (`data-label`), which the stylesheet shows in front of the value.
 */
export function Table({ caption, columns, rows, rowKeys }: TableProps) {
  return (
    <div class="table-wrap">
      <table class="reflow">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={rowKeys?.[index] ?? index}>
              {cells.map((cell, column) => (
                <td key={columns[column]?.label ?? column} data-label={columns[column]?.label}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
