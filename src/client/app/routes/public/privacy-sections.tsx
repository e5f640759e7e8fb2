import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, List, Text, Title } from '@mantine/core';
import type { PublicClinic } from '../../../../common/schemas/clinic';

// The sections of the privacy policy (privacy.tsx), in its order; the clinic's data fills the names and addresses.

/** 1–2. The clinic as controller and its data protection officer. */
export function ControllerSections({
  clinic,
  name,
  email,
}: {
  clinic: PublicClinic | undefined;
  name: string;
  email: ReactNode;
}) {
  return (
    <>
      <Title order={2}>1. Responsable del tratamiento</Title>
      <Text>El responsable del tratamiento de sus datos es:</Text>
      <List spacing="xs">
        <List.Item>Denominación: {clinic?.name || 'la clínica titular de este sitio web'}</List.Item>
        {clinic?.address && <List.Item>Domicilio: {clinic.address}</List.Item>}
        <List.Item>Correo electrónico: {email}</List.Item>
        {clinic?.phone && <List.Item>Teléfono: {clinic.phone}</List.Item>}
      </List>

      <Title order={2}>2. Delegado de protección de datos</Title>
      <Text>
        Como centro sanitario obligado a mantener historias clínicas, {name} cuenta con un Delegado de Protección de
        Datos (DPD), conforme al artículo 37 del RGPD y al artículo 34 de la LOPDGDD. Puede dirigirse a él para
        cualquier cuestión relativa al tratamiento de sus datos escribiendo a {email}, indicando en el asunto «Delegado
        de Protección de Datos»
        {clinic?.address ? `, o por correo postal a ${clinic.address}, a su atención` : ''}.
      </Text>
    </>
  );
}

/** 3–4. The data the clinic processes, and the site's cookies. */
export function DataWeProcessSections() {
  return (
    <>
      <Title order={2}>3. Qué datos tratamos</Title>
      <List spacing="xs">
        <List.Item>
          <strong>Datos identificativos:</strong> nombre y apellidos, documento de identidad (DNI, NIE o pasaporte),
          fecha de nacimiento y sexo.
        </List.Item>
        <List.Item>
          <strong>Datos de contacto:</strong> dirección postal, correo electrónico y teléfono.
        </List.Item>
        <List.Item>
          <strong>Datos de salud:</strong> motivo de consulta, antecedentes, alergias, anotaciones y evolución clínica,
          diagnósticos, tratamientos, recetas, resultados de pruebas, informes, imágenes y consentimientos informados.
          Son datos de categoría especial (artículo 9 del RGPD) y reciben una protección reforzada.
        </List.Item>
        <List.Item>
          <strong>Datos de citas:</strong> profesional y especialidad, fecha y hora, motivo, canal por el que se
          solicitó, estado (confirmada, atendida, cancelada, etc.) y el historial de cambios.
        </List.Item>
        <List.Item>
          <strong>Datos administrativos y económicos:</strong> entidad aseguradora y número de póliza, cuando usted
          acude a través de ella, y datos de facturación.
        </List.Item>
        <List.Item>
          <strong>Datos de su cuenta y de las comunicaciones:</strong> credenciales de acceso al área de paciente (la
          contraseña se guarda mediante un hash irreversible, nunca en claro), mensajes que intercambie con la clínica y
          registro de la aceptación de esta política.
        </List.Item>
        <List.Item>
          <strong>Datos derivados del uso del sitio web:</strong> dirección IP, fecha y hora de acceso, navegador y
          acciones realizadas, registrados por motivos de seguridad.
        </List.Item>
      </List>
      <Text>
        Los datos nos los facilita usted directamente, o su representante legal. Si solicita una cita para otra persona,
        debe contar con su autorización e informarle de esta política. Los campos marcados como obligatorios en los
        formularios son necesarios para atender su solicitud; si no los facilita, no podremos gestionarla.
      </Text>

      <Title order={2}>4. Cookies y datos de navegación</Title>
      <Text>
        Este sitio web utiliza únicamente cookies técnicas estrictamente necesarias para mantener su sesión iniciada y
        proteger los formularios frente a usos fraudulentos. Estas cookies están exceptuadas del deber de consentimiento
        conforme al artículo 22.2 de la Ley 34/2002 (LSSI-CE). No utilizamos cookies analíticas, publicitarias ni de
        seguimiento, ni elaboramos perfiles a partir de su navegación. Los enlaces a servicios externos (por ejemplo, el
        mapa de ubicación) le llevan a sitios de terceros, que se rigen por sus propias políticas.
      </Text>
    </>
  );
}

/** 5. What the data is for, and the legal basis of each use. */
export function PurposesSection({ name: Name }: { name: string }) {
  return (
    <>
      <Title order={2}>5. Finalidades y bases jurídicas del tratamiento</Title>
      <List spacing="sm">
        <List.Item>
          <strong>Prestación de asistencia sanitaria y gestión de la historia clínica.</strong> Diagnóstico,
          tratamiento, seguimiento y emisión de recetas e informes. Base jurídica: la prestación de asistencia sanitaria
          por profesionales sujetos al secreto profesional (art. 9.2.h y 9.3 RGPD), la ejecución del contrato de
          servicios sanitarios (art. 6.1.b RGPD) y la obligación legal de elaborar y custodiar la historia clínica (art.
          6.1.c RGPD y Ley 41/2002).
        </List.Item>
        <List.Item>
          <strong>Gestión de citas y recordatorios.</strong> Reserva, confirmación, modificación y cancelación de citas,
          y envío por correo electrónico de la confirmación y de recordatorios previos a cada cita. Base jurídica: la
          aplicación de medidas precontractuales a petición suya y la ejecución del contrato (art. 6.1.b RGPD), y la
          gestión de los servicios de asistencia sanitaria (art. 9.2.h RGPD).
        </List.Item>
        <List.Item>
          <strong>Comunicaciones con el paciente.</strong> Atención de sus consultas y mensajes a través del área de
          paciente, el teléfono, el correo electrónico o WhatsApp, y avisos relacionados con su asistencia. Base
          jurídica: la ejecución del contrato (art. 6.1.b RGPD) y, cuando contengan datos de salud, el art. 9.2.h RGPD.{' '}
          {Name} no envía comunicaciones comerciales; si en el futuro quisiera hacerlo, le pediría antes su
          consentimiento expreso (art. 6.1.a RGPD y art. 21 LSSI-CE).
        </List.Item>
        <List.Item>
          <strong>Facturación y relación con aseguradoras.</strong> Emisión de facturas, cobro de los servicios y,
          cuando acude a través de una aseguradora o mutua, solicitud de autorizaciones y facturación a esa entidad.
          Base jurídica: la ejecución del contrato (art. 6.1.b RGPD), el cumplimiento de obligaciones fiscales y
          contables (art. 6.1.c RGPD) y la gestión de los sistemas y servicios de asistencia sanitaria (art. 9.2.h
          RGPD).
        </List.Item>
        <List.Item>
          <strong>Cumplimiento de obligaciones legales.</strong> Atención de requerimientos de autoridades sanitarias,
          judiciales o tributarias, comunicación de enfermedades de declaración obligatoria y conservación de la
          documentación clínica. Base jurídica: obligación legal (art. 6.1.c RGPD) y razones de interés público en el
          ámbito de la salud pública (art. 9.2.i RGPD).
        </List.Item>
        <List.Item>
          <strong>Seguridad de la información.</strong> Control de accesos, registro de quién consulta o modifica datos
          clínicos, prevención de abusos y fraudes y resolución de incidentes. Base jurídica: la obligación de
          garantizar la seguridad del tratamiento (art. 6.1.c en relación con el art. 32 RGPD) y el interés legítimo de
          la clínica y de sus pacientes en la protección de los sistemas (art. 6.1.f RGPD).
        </List.Item>
        <List.Item>
          <strong>Tratamientos basados en su consentimiento.</strong> Cuando un tratamiento no pueda ampararse en las
          bases anteriores, le pediremos su consentimiento explícito (art. 6.1.a y 9.2.a RGPD), que podrá retirar en
          cualquier momento sin que ello afecte a la licitud del tratamiento previo.
        </List.Item>
      </List>
      <Text>No tomamos decisiones basadas únicamente en tratamientos automatizados ni elaboramos perfiles.</Text>
    </>
  );
}

/** 6–7. Who receives the data, and how long it is kept. */
export function RecipientsAndRetentionSections({ name }: { name: string }) {
  return (
    <>
      <Title order={2}>6. Destinatarios de los datos</Title>
      <Text>
        Sus datos solo son accesibles para el personal de {name} que los necesita para su función, y únicamente se
        comunican a terceros en los siguientes casos:
      </Text>
      <List spacing="xs">
        <List.Item>
          Entidades aseguradoras y mutuas, cuando usted utiliza su póliza, limitándonos a los datos necesarios para
          autorizar y facturar la asistencia.
        </List.Item>
        <List.Item>
          Administraciones públicas, autoridades sanitarias, Agencia Tributaria, jueces y tribunales, y otras
          autoridades, cuando exista una obligación legal.
        </List.Item>
        <List.Item>
          Otros profesionales o centros sanitarios (por ejemplo, laboratorios o servicios de diagnóstico) cuando sea
          necesario para su asistencia.
        </List.Item>
        <List.Item>
          Encargados del tratamiento que nos prestan servicios, como el alojamiento de la plataforma, el envío de
          correos electrónicos o el mantenimiento informático. Solo acceden a los datos imprescindibles, siguiendo
          nuestras instrucciones y en virtud de un contrato que cumple el artículo 28 del RGPD.
        </List.Item>
      </List>
      <Text>
        No realizamos transferencias internacionales de datos fuera del Espacio Económico Europeo. Si algún proveedor
        tuviera que tratarlos fuera de él, solo se haría con garantías adecuadas: una decisión de adecuación de la
        Comisión Europea o cláusulas contractuales tipo (artículos 45 y 46 del RGPD).
      </Text>

      <Title order={2}>7. Plazos de conservación</Title>
      <List spacing="xs">
        <List.Item>
          <strong>Historia clínica:</strong> como mínimo cinco años desde la fecha del alta de cada proceso asistencial
          (artículo 17 de la Ley 41/2002), o el plazo superior que establezca la normativa autonómica aplicable o que
          resulte necesario para su asistencia.
        </List.Item>
        <List.Item>
          <strong>Citas:</strong> forman parte de la documentación de su asistencia y se conservan, junto con su
          historial de cambios, durante el mismo plazo que la historia clínica. Las solicitudes que no llegan a dar
          lugar a asistencia se conservan el tiempo necesario para gestionarlas y atender posibles reclamaciones.
        </List.Item>
        <List.Item>
          <strong>Cuenta del área de paciente:</strong> hasta que solicite su baja. Eliminar la cuenta no borra la
          historia clínica, que debe conservarse durante los plazos legales.
        </List.Item>
        <List.Item>
          <strong>Facturación:</strong> durante los plazos exigidos por la normativa fiscal y mercantil (con carácter
          general, entre cuatro y seis años).
        </List.Item>
        <List.Item>
          <strong>Registro de accesos a datos clínicos:</strong> se conserva, sin posibilidad de modificación, mientras
          se conserve la historia clínica a la que se refiere, para poder acreditar quién ha accedido a ella.
        </List.Item>
      </List>
      <Text>
        Transcurridos esos plazos, los datos se bloquean durante el tiempo de prescripción de las posibles
        responsabilidades, conforme al artículo 32 de la LOPDGDD, y después se suprimen o anonimizan.
      </Text>
    </>
  );
}

/** 8–9. The patient's rights, and the complaint to the authority. */
export function RightsSections({ email, address }: { email: ReactNode; address: string | undefined }) {
  return (
    <>
      <Title order={2}>8. Sus derechos</Title>
      <Text>Puede ejercer en cualquier momento, de forma gratuita, los siguientes derechos:</Text>
      <List spacing="xs">
        <List.Item>
          <strong>Acceso:</strong> saber qué datos suyos tratamos y obtener una copia, incluida la de su historia
          clínica en los términos del artículo 18 de la Ley 41/2002.
        </List.Item>
        <List.Item>
          <strong>Rectificación:</strong> corregir los datos inexactos o completar los incompletos.
        </List.Item>
        <List.Item>
          <strong>Supresión:</strong> solicitar que borremos sus datos cuando ya no sean necesarios. Este derecho no se
          aplica a la historia clínica mientras exista la obligación legal de conservarla.
        </List.Item>
        <List.Item>
          <strong>Oposición:</strong> oponerse al tratamiento basado en el interés legítimo, por motivos relacionados
          con su situación particular.
        </List.Item>
        <List.Item>
          <strong>Limitación:</strong> pedir que suspendamos el tratamiento mientras se comprueba la exactitud de los
          datos o la procedencia de su oposición, o que los conservemos para reclamaciones.
        </List.Item>
        <List.Item>
          <strong>Portabilidad:</strong> recibir los datos que nos ha facilitado en un formato estructurado y de uso
          común, y transmitirlos a otro responsable.
        </List.Item>
        <List.Item>
          <strong>No ser objeto de decisiones automatizadas:</strong> que produzcan efectos jurídicos sobre usted o le
          afecten de forma significativa.
        </List.Item>
        <List.Item>
          <strong>Retirar el consentimiento</strong> que haya prestado, en cualquier momento.
        </List.Item>
      </List>
      <Text>
        Para ejercerlos, escriba a {email}
        {address ? ` o acuda en persona a nuestras instalaciones en ${address}` : ' o acuda en persona a la clínica'},
        indicando el derecho que desea ejercer y acreditando su identidad con su DNI, NIE o pasaporte. Si actúa en
        nombre de otra persona, deberá acreditar también la representación. Le responderemos en el plazo de un mes,
        prorrogable otros dos en casos complejos, conforme al artículo 12 del RGPD.
      </Text>
      <Text>
        Si tiene una cuenta, desde su perfil en el área de paciente puede descargar en cualquier momento una copia de
        sus datos en un archivo, sin necesidad de solicitarlo.
      </Text>

      <Title order={2}>9. Reclamación ante la autoridad de control</Title>
      <Text>
        Si considera que no hemos tratado sus datos correctamente, puede presentar una reclamación ante la Agencia
        Española de Protección de Datos (C/ Jorge Juan, 6, 28001 Madrid,{' '}
        <Anchor href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
          www.aepd.es
        </Anchor>
        ). Antes, si lo desea, puede dirigirse a nuestro Delegado de Protección de Datos, que atenderá su reclamación.
      </Text>
    </>
  );
}

/** 10–12. Security measures, minors and changes to the policy. */
export function SecurityAndChangesSections() {
  return (
    <>
      <Title order={2}>10. Medidas de seguridad</Title>
      <Text>
        Aplicamos las medidas técnicas y organizativas adecuadas al riesgo que supone el tratamiento de datos de salud,
        entre ellas:
      </Text>
      <List spacing="xs">
        <List.Item>Cifrado de todas las comunicaciones entre su navegador y nuestros servidores (HTTPS/TLS).</List.Item>
        <List.Item>
          Almacenamiento de las contraseñas mediante funciones de hash robustas; nadie, ni siquiera el personal de la
          clínica, puede conocer su contraseña.
        </List.Item>
        <List.Item>
          Control de acceso por roles: cada profesional solo accede a los datos de los pacientes que atiende, y cada
          paciente solo a los suyos.
        </List.Item>
        <List.Item>
          Registro de accesos: cada consulta o modificación de datos clínicos queda anotada (quién, qué y cuándo) en un
          registro que nadie puede alterar.
        </List.Item>
        <List.Item>Limitación de intentos y otras medidas frente a accesos no autorizados y usos abusivos.</List.Item>
        <List.Item>
          Deber de confidencialidad y secreto profesional de todo el personal (artículo 5 de la LOPDGDD).
        </List.Item>
      </List>
      <Text>
        Si se produjera una violación de la seguridad de sus datos, la notificaremos a la Agencia Española de Protección
        de Datos y, cuando suponga un alto riesgo para sus derechos, también a usted, conforme a los artículos 33 y 34
        del RGPD.
      </Text>

      <Title order={2}>11. Menores de edad</Title>
      <Text>
        Las personas menores de catorce años no pueden registrarse ni facilitar sus datos por sí mismas a través de este
        sitio web. Sus citas y, en su caso, su cuenta deben gestionarlas sus padres, madres o tutores legales, que son
        quienes ejercen en su nombre los derechos de protección de datos (artículo 7 de la LOPDGDD). El consentimiento
        para las actuaciones sanitarias se rige por el artículo 9 de la Ley 41/2002.
      </Text>

      <Title order={2}>12. Cambios en esta política</Title>
      <Text>
        Podemos actualizar esta política para adaptarla a cambios normativos o en nuestros servicios. La fecha de la
        última actualización figura al principio del texto. Si los cambios son relevantes, se lo comunicaremos por
        correo electrónico o en el área de paciente antes de que entren en vigor. Puede consultar también nuestros{' '}
        <Anchor component={Link} to="/terminos-y-condiciones">
          términos y condiciones de uso
        </Anchor>
        .
      </Text>
    </>
  );
}
