import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../common/paths';
import { FILE_TYPE_LABELS, isFileType } from '../../../../common/schemas/files';
import { PageTitle } from '../../../components/page-title';
import { FileBrowser, type FileFilters } from '../../../features/files/components/file-browser';
import NotFoundPage from '../public/not-found';

/** `/admin/archivos` and `/admin/archivos/:type`: the type comes from the address, the rest from the query. */
export default function FilesPage() {
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  if (type !== undefined && !isFileType(type)) return <NotFoundPage />;
  const filters: FileFilters = {
    type,
    patientId: search.get('paciente') ?? undefined,
    from: search.get('desde') ?? undefined,
    to: search.get('hasta') ?? undefined,
    page: Math.max(1, Number(search.get('pagina')) || 1),
  };
  const onFiltersChange = (changes: Partial<FileFilters>) => {
    const next = { ...filters, ...changes };
    const params = new URLSearchParams();
    if (next.patientId) params.set('paciente', next.patientId);
    if (next.from) params.set('desde', next.from);
    if (next.to) params.set('hasta', next.to);
    if (next.page > 1) params.set('pagina', String(next.page));
    setSearch(params);
  };
  return (
    <>
      <PageTitle>{type ? `Archivos: ${FILE_TYPE_LABELS[type]}` : 'Archivos'}</PageTitle>
      <FileBrowser
        filters={filters}
        onFiltersChange={onFiltersChange}
        onTypeChange={(next) => {
          const params = new URLSearchParams(search);
          params.delete('pagina');
          const query = params.toString();
          void navigate(`${next ? paths.admin.filesOfType(next) : paths.admin.files}${query ? `?${query}` : ''}`);
        }}
      />
    </>
  );
}
