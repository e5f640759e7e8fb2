import { PageTitle } from '../../../components/page-title';
import { PatientPicker } from '../../../features/appointments/components/patient-picker';
import { AuditLog } from '../../../features/audit/components/audit-log';

export default function AuditLogPage() {
  return (
    <>
      <PageTitle>Registro de accesos</PageTitle>
      <AuditLog
        patientFilter={(value, onChange) => <PatientPicker label="Paciente" value={value} onChange={onChange} />}
      />
    </>
  );
}
