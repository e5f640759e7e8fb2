import { PageTitle } from '../../../components/page-title';
import { PatientPicker } from '../../../features/appointments/components/patient-picker';
import { TasksWorkspace } from '../../../features/tasks/components/tasks-workspace';

export default function TasksPage() {
  return (
    <>
      <PageTitle>Tareas</PageTitle>
      <TasksWorkspace
        patientField={(value, onChange, error) => (
          <PatientPicker label="Paciente" value={value} onChange={onChange} error={error} />
        )}
      />
    </>
  );
}
