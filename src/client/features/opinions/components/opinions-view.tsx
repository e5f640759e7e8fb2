import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OPINIONS_PAGE_SIZE } from '../../../../common/schemas/opinions';
import { useClinicTimeZone } from '../../../api/clinic';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert } from '../../../components/load-state';
import { useOpinions } from '../api/get-opinions';
import { OpinionItem } from './opinion-item';
import { RatingsSection } from './ratings-table';

/** The answers, the newest first, a page at a time. */
function OpinionList({ patientHref }: { patientHref: (id: string) => string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useOpinions(page);
  const timeZone = useClinicTimeZone().data;
  if (isError)
    return <LoadErrorAlert title="No se pudieron cargar las opiniones" error={error} onRetry={() => void refetch()} />;
  if (isPending || !timeZone) return <Skeleton h={160} radius="md" />;
  if (data.total === 0) return <Text c="dimmed">Todavía nadie ha respondido a la encuesta tras la visita.</Text>;
  return (
    <Stack gap="sm">
      {data.items.map((opinion) => (
        <OpinionItem key={opinion.id} opinion={opinion} timeZone={timeZone} patientHref={patientHref} />
      ))}
      <ListPagination
        page={page}
        totalPages={Math.ceil(data.total / OPINIONS_PAGE_SIZE)}
        onChange={setPage}
        label="Páginas de opiniones"
      />
    </Stack>
  );
}

/** «Opiniones»: the after-visit survey's ratings and answers — the desk's all, a doctor's of her own visits. */
export function OpinionsView({ patientHref }: { patientHref: (id: string) => string }) {
  return (
    <Stack gap="lg">
      <RatingsSection />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="answers-title">
        <Title order={2} size="h4" id="answers-title" mb="sm">
          Respuestas y comentarios
        </Title>
        <OpinionList patientHref={patientHref} />
      </Paper>
    </Stack>
  );
}
