import type { ConsentVersionInput } from '../../common/schemas/consents';
import { clock } from '../platform/clock';
import { minus } from '../platform/dates';
import type { Tx } from '../platform/db/transaction';
import type { Repositories } from '../repositories';

// The texts speak to the patient as «tú», as every other text of the clinic to its patients does (the signing form,
// the questionnaire, the e-mails): docs/decisions/0085-consent-forms-speak-tu.md.

/** The demo clinic's own text for an infiltration: version 1, and version 2 with what the clinic added. */
export const INFILTRATION_V1: Omit<ConsentVersionInput, 'serviceIds'> = {
  title: 'Consentimiento informado para infiltración',
  body: `## En qué consiste

La infiltración consiste en inyectar, con una aguja fina, un **corticoide** y/o un **anestésico local** en una articulación, un tendón o una bursa, para reducir la inflamación y el dolor.

## Cómo se hace

1. Se limpia la piel con un antiséptico.
2. Se localiza el punto de la inyección por palpación.
3. Se inyecta el medicamento y se cubre la zona con un apósito.

Dura unos minutos y no necesita ingreso. Podrás volver a casa por tu propio pie.`,
  consequences: `Es normal notar **molestias en la zona** durante 24–48 horas. Conviene evitar esfuerzos con la articulación tratada durante dos días.`,
  risks: `## Riesgos frecuentes

- Dolor o escozor en el punto de la inyección.
- Enrojecimiento facial o sensación de calor pasajeros.
- Aumento transitorio de la glucosa en personas con diabetes.

## Riesgos poco frecuentes

- Infección de la articulación (menos de 1 caso por cada 10 000 infiltraciones).
- Atrofia o cambio de color de la piel en la zona.
- Reacción alérgica al medicamento.

Dile al profesional si tomas **anticoagulantes**, si tienes diabetes, una infección activa o alergias a medicamentos.`,
  alternatives: `- Tratamiento con analgésicos o antiinflamatorios por boca.
- Fisioterapia y ejercicios dirigidos.
- Reposo relativo y frío local.
- No hacer ningún tratamiento y vigilar la evolución.`,
};

/** Version 2: the clinic adds the ultrasound guidance and what to do after the visit. */
export const INFILTRATION_V2: Omit<ConsentVersionInput, 'serviceIds'> = {
  ...INFILTRATION_V1,
  body: `${INFILTRATION_V1.body}

Cuando la articulación es profunda, la infiltración se hace **guiada por ecografía**, para situar la aguja con precisión.`,
  consequences: `${INFILTRATION_V1.consequences}

Si aparece fiebre, hinchazón que aumenta o enrojecimiento intenso en los días siguientes, llama a la clínica o acude a urgencias.`,
};

/** The aesthetic peeling: not health care in the strict sense, so the text says so plainly. */
export const PEELING: Omit<ConsentVersionInput, 'serviceIds'> = {
  title: 'Consentimiento informado para peeling químico',
  body: `## En qué consiste

El peeling químico es un tratamiento **estético** que aplica sobre la piel una solución ácida (glicólico, salicílico o tricloroacético, según el caso) para renovar sus capas superficiales y mejorar manchas, textura y marcas de acné.

## Cómo se hace

1. Se limpia y desengrasa la piel.
2. Se aplica la solución durante unos minutos, vigilando la reacción de la piel.
3. Se neutraliza y se aplica una crema calmante con protección solar.

Suelen ser necesarias varias sesiones separadas por semanas.`,
  consequences: `Durante 3–7 días la piel estará **enrojecida y se descamará**. Debes evitar el sol y usar protección solar alta durante al menos un mes.`,
  risks: `- Escozor o ardor durante la aplicación.
- Enrojecimiento y descamación prolongados.
- Manchas más oscuras (*hiperpigmentación*) o más claras, sobre todo en pieles morenas o con exposición al sol.
- Reactivación de un herpes labial.
- Cicatrices, de forma excepcional.

No se debe realizar durante el **embarazo o la lactancia**, con heridas o infecciones activas en la cara, ni si has tomado isotretinoína en los últimos seis meses.`,
  alternatives: `- Cremas despigmentantes o con retinoides, con pauta del dermatólogo.
- Otros tratamientos estéticos (láser, microdermoabrasión).
- No realizar ningún tratamiento: no tiene consecuencias para tu salud.`,
};

/**
 * The demo's consent templates: infiltration (two versions, the first a month ago) and the aesthetic peeling,
 * written by the demo admin and attached to the demo catalogue's services of those names.
 */
export async function seedConsents(tx: Tx, repos: Repositories, adminEmail: string) {
  const admin = await repos.auth.findAccountByEmail(adminEmail, tx);
  const services = await repos.clinicServices.list(tx);
  const idOf = (name: string) => services.find((service) => service.name === name)!.id;
  const now = clock.nowMs();
  const infiltration = [idOf('Infiltración')];
  const { id } = await repos.consents.create(
    { ...INFILTRATION_V1, serviceIds: infiltration },
    admin?.id ?? null,
    tx,
    minus(now, { days: 30 }),
  );
  await repos.consents.publish(
    id,
    { ...INFILTRATION_V2, serviceIds: infiltration },
    admin?.id ?? null,
    tx,
    minus(now, { days: 6 }),
  );
  await repos.consents.create(
    { ...PEELING, serviceIds: [idOf('Peeling químico (estético)')] },
    admin?.id ?? null,
    tx,
    minus(now, { days: 20 }),
  );
}
