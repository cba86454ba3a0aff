import type { ReactNode } from 'react';

/**
 * The dashboard's table: scrolls on its own when wide, stacks its cells on phones (each <td>
 * names its column with data-label). `columns` are the header cells, in order; `caption` is the
 * <caption> element, if any; the rows are the children.
 */
export function DataTable({ columns, caption, className, children }: { columns: ReactNode[]; caption?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={className ? `data-table stack-on-mobile ${className}` : 'data-table stack-on-mobile'}>
        {caption}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
