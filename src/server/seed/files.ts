import type { Tx } from '../platform/db/transaction';
import type { FileType } from '../../common/schemas/files';
import { clock } from '../platform/clock';
import { minus } from '../platform/dates';
import { samplePdf, samplePng } from '../clinical/files/sample-files';
import { databaseFileStore } from '../clinical/files/store';
import type { Repositories } from '../repositories';

interface DemoFile {
  patientId: string | null;
  type: FileType;
  name: string;
  description: string;
  visibleToPatient: boolean;
  content: Buffer;
  daysAgo: number;
}

/** Documents of the demo clinic, made at seed time: PDFs with pdfkit, images with sharp. */
export async function seedFiles(tx: Tx, repos: Repositories, demoPatientId: string) {
  const admin = (await repos.auth.findAccountByEmail('admin@clinica.demo', tx))!;
  // Some patients of the demo doctor, so her charts show files too.
  const doctor = (await repos.auth.findAccountByEmail('doctora@clinica.demo', tx))!;
  const ofDoctor = await repos.patients
    .visibleTo({ kind: 'doctor', doctorId: doctor.id })
    .search({ page: 1, pageSize: 4, sort: 'apellidos', order: 'asc' }, tx);
  const input = {
    demoPatientId,
    otherPatientIds: ofDoctor.items
      .map((patient) => patient.id)
      .filter((id) => id !== demoPatientId)
      .slice(0, 3),
  };
  const store = databaseFileStore(tx);
  const analysis = await samplePdf('Informe de análisis clínicos', [
    'Paciente: Javier Moreno López',
    'Hemoglobina: 14,6 g/dL (13,0–17,0)',
    'Glucosa en ayunas: 96 mg/dL (70–110)',
    'Colesterol total: 212 mg/dL (< 200)',
    'Conclusión: valores dentro de la normalidad salvo colesterol ligeramente elevado.',
  ]);
  const consent = await samplePdf('Consentimiento informado', [
    'Declaro haber sido informado del procedimiento, sus riesgos y alternativas,',
    'y doy mi consentimiento para su realización.',
    'Firma del paciente: ______________________',
  ]);
  const report = await samplePdf('Informe de consulta', [
    'Evolución favorable. Control de tensión arterial en tres meses.',
  ]);
  const files: DemoFile[] = [
    {
      patientId: input.demoPatientId,
      type: 'analisis',
      name: 'Análisis de sangre.pdf',
      description: 'Hemograma y bioquímica',
      visibleToPatient: true,
      content: analysis,
      daysAgo: 12,
    },
    {
      patientId: input.demoPatientId,
      type: 'consentimientos',
      name: 'Consentimiento informado.pdf',
      description: 'Firmado en recepción',
      visibleToPatient: true,
      content: consent,
      daysAgo: 30,
    },
    {
      patientId: input.demoPatientId,
      type: 'imagenes',
      name: 'Electrocardiograma.png',
      description: 'ECG de control',
      visibleToPatient: true,
      content: await samplePng(640, 360),
      daysAgo: 5,
    },
    {
      patientId: input.demoPatientId,
      type: 'informes',
      name: 'Informe de consulta (interno).pdf',
      description: 'Notas para el equipo',
      visibleToPatient: false,
      content: report,
      daysAgo: 3,
    },
    {
      patientId: null,
      type: 'otros',
      name: 'Protocolo de limpieza.pdf',
      description: 'Documento interno de la clínica',
      visibleToPatient: false,
      content: await samplePdf('Protocolo de limpieza de consultas'),
      daysAgo: 60,
    },
  ];
  for (const [index, patientId] of input.otherPatientIds.entries()) {
    files.push(
      {
        patientId,
        type: 'analisis',
        name: `Analítica ${index + 1}.pdf`,
        description: 'Análisis de rutina',
        visibleToPatient: index % 2 === 0,
        content: analysis,
        daysAgo: 2 + index * 4,
      },
      {
        patientId,
        type: 'imagenes',
        name: `Radiografía ${index + 1}.png`,
        description: 'Radiografía de tórax',
        visibleToPatient: false,
        content: await samplePng(480, 480, { r: 40, g: 40, b: 48 }),
        daysAgo: 7 + index * 3,
      },
    );
  }
  for (const file of files) {
    const id = crypto.randomUUID();
    const { content, daysAgo, ...meta } = file;
    await repos.files.create(
      {
        id,
        ...meta,
        mime: file.name.endsWith('.png') ? 'image/png' : 'application/pdf',
        size: content.length,
        uploadedBy: admin.id,
        createdAt: minus(clock.nowMs(), { days: daysAgo }),
      },
      tx,
    );
    await store.save(id, content, tx);
  }
}
