import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, List, Text, Title } from '@mantine/core';
import type { PublicClinic } from '../../../../common/schemas/clinic';

// The sections of the terms of use (terms.tsx), in their order; the clinic's data fills names and contacts.

/** 1. Who owns the site (LSSI-CE, art. 10). */
export function OwnerSection({
  clinic,
  email,
  phone,
}: {
  clinic: PublicClinic | undefined;
  email: ReactNode;
  phone: ReactNode;
}) {
  return (
    <>
      <Title order={2}>1. Titular del sitio web</Title>
      <Text>
        En cumplimiento del artículo 10 de la Ley 34/2002, de servicios de la sociedad de la información y de comercio
        electrónico (LSSI-CE), le informamos de que el titular de este sitio web es:
      </Text>
      <List spacing="xs">
        <List.Item>Denominación: {clinic?.name || 'la clínica titular de este sitio web'}</List.Item>
        {clinic?.address && <List.Item>Domicilio: {clinic.address}</List.Item>}
        <List.Item>Correo electrónico: {email}</List.Item>
        {phone && <List.Item>Teléfono: {phone}</List.Item>}
      </List>
      <Text>
        Los demás datos identificativos del titular (número de identificación fiscal, inscripción registral y
        autorización sanitaria del centro) están a disposición de cualquier usuario que los solicite en las direcciones
        de contacto indicadas.
      </Text>
    </>
  );
}

/** 2–4. What the service is, that it is no emergency service, and the user account. */
export function ServiceAndAccountSections({ name, Name }: { name: string; Name: string }) {
  return (
    <>
      <Title order={2}>2. Objeto del servicio</Title>
      <Text>A través de este sitio web, {name} ofrece:</Text>
      <List spacing="xs">
        <List.Item>
          <strong>Información</strong> sobre la clínica, sus especialidades, su equipo profesional, sus horarios y sus
          datos de contacto.
        </List.Item>
        <List.Item>
          <strong>Cita online:</strong> la posibilidad de consultar la disponibilidad real de los profesionales y
          reservar, modificar o cancelar citas.
        </List.Item>
        <List.Item>
          <strong>Área de paciente:</strong> un espacio privado desde el que los pacientes registrados pueden consultar
          sus citas, recetas y tratamientos, comunicarse con la clínica y descargar sus datos.
        </List.Item>
      </List>
      <Text>
        El uso del sitio web y la reserva de citas son gratuitos. Las tarifas de los servicios asistenciales que no
        estén cubiertos por su aseguradora se le informarán antes de su prestación.
      </Text>

      <Title order={2}>3. No es un servicio de urgencias</Title>
      <Alert color="red" variant="light" title="Ante una urgencia, llame al 112">
        La cita online, la mensajería del área de paciente y el resto de canales de este sitio web no están pensados
        para atender urgencias ni emergencias y no se revisan de forma continua. Si usted o otra persona tiene un
        problema de salud urgente, llame al 112 o acuda al servicio de urgencias más cercano.
      </Alert>

      <Title order={2}>4. Registro y cuenta de usuario</Title>
      <Text>Para utilizar el área de paciente es necesario crear una cuenta. Al hacerlo, usted se compromete a:</Text>
      <List spacing="xs">
        <List.Item>
          Facilitar datos verdaderos, exactos y actualizados, y corregirlos cuando cambien. Los datos inexactos pueden
          impedir que le identifiquemos correctamente o que le atendamos con seguridad.
        </List.Item>
        <List.Item>
          Mantener su contraseña en secreto, no compartirla con nadie y comunicarnos de inmediato cualquier uso no
          autorizado de su cuenta. Usted es responsable de la actividad realizada con sus credenciales.
        </List.Item>
        <List.Item>
          Tener una única cuenta personal e intransferible. No puede crear cuentas en nombre de otras personas, salvo
          que sea su representante legal.
        </List.Item>
        <List.Item>
          Ser mayor de catorce años. Las cuentas y citas de los menores de esa edad deben gestionarlas sus padres,
          madres o tutores legales.
        </List.Item>
      </List>
      <Text>
        Si ya es paciente de {name}, su cuenta se vinculará a su historia clínica cuando se registre con el mismo correo
        electrónico que consta en ella. {Name} podrá suspender o cancelar las cuentas que incumplan estos términos,
        previa comunicación al usuario salvo que la gravedad del incumplimiento exija actuar de inmediato.
      </Text>
    </>
  );
}

/** 5–6. Booking, changing and cancelling appointments; acceptable use. */
export function BookingAndUseSections({ Name, phone }: { Name: string; phone: ReactNode }) {
  return (
    <>
      <Title order={2}>5. Reserva, cambio y cancelación de citas</Title>
      <List spacing="xs">
        <List.Item>
          Los huecos que se muestran corresponden a la disponibilidad real de cada profesional en el momento de la
          consulta. Si otra persona reserva el mismo hueco antes que usted, se le indicará y podrá elegir otro.
        </List.Item>
        <List.Item>
          Tras reservar recibirá un correo electrónico con los datos de la cita y un enlace para modificarla o
          cancelarla. Si la clínica requiere confirmar las reservas online, la cita quedará pendiente hasta que sea
          confirmada y se le avisará por correo.
        </List.Item>
        <List.Item>
          Puede cambiar o cancelar su cita desde ese enlace o desde el área de paciente, siempre que lo haga con la
          antelación mínima fijada por la clínica, que se le indica al reservar. Pasado ese plazo, comuníquelo por
          teléfono{phone && <> ({phone})</>} para que el hueco pueda aprovecharlo otro paciente.
        </List.Item>
        <List.Item>
          Le rogamos puntualidad. Si no acude a una cita sin avisar, quedará registrado como falta de asistencia.
        </List.Item>
        <List.Item>
          Por causas justificadas (ausencia imprevista del profesional, fuerza mayor), la clínica podrá modificar o
          cancelar una cita. En ese caso le avisaremos lo antes posible y le ofreceremos una alternativa.
        </List.Item>
      </List>

      <Title order={2}>6. Uso aceptable</Title>
      <Text>Al utilizar el sitio web, usted se compromete a no:</Text>
      <List spacing="xs">
        <List.Item>
          Suplantar la identidad de otra persona ni facilitar datos de terceros sin su autorización.
        </List.Item>
        <List.Item>
          Realizar reservas ficticias, masivas o automatizadas, o cualquier uso que impida a otros pacientes acceder a
          las citas disponibles.
        </List.Item>
        <List.Item>
          Intentar acceder a áreas, cuentas o datos ajenos, eludir las medidas de seguridad o introducir virus u otro
          código dañino.
        </List.Item>
        <List.Item>
          Enviar mensajes ofensivos, ilícitos o ajenos a la relación asistencial, o dirigirse de forma irrespetuosa al
          personal de la clínica.
        </List.Item>
        <List.Item>Utilizar el sitio con fines contrarios a la ley, a la moral o al orden público.</List.Item>
      </List>
      <Text>
        {Name} limita el número de solicitudes para prevenir abusos y podrá bloquear el acceso a quien incumpla estas
        normas, sin perjuicio de las acciones legales que correspondan.
      </Text>
    </>
  );
}

/** 7–10. Health information, intellectual property, liability and data protection. */
export function InformationAndLiabilitySections({ name, Name }: { name: string; Name: string }) {
  return (
    <>
      <Title order={2}>7. La información sanitaria no sustituye a la consulta</Title>
      <Text>
        Los contenidos de carácter sanitario publicados en el sitio web son de carácter general e informativo. No
        constituyen un diagnóstico, una prescripción ni una recomendación de tratamiento, y no sustituyen la valoración
        personal por un profesional sanitario. Los datos de sus recetas, tratamientos e informes que puede consultar en
        el área de paciente deben interpretarse siempre según las indicaciones del profesional que le atiende; ante
        cualquier duda, consúltele.
      </Text>

      <Title order={2}>8. Propiedad intelectual e industrial</Title>
      <Text>
        Los textos, imágenes, logotipos, marcas, diseño y código del sitio web pertenecen a {name} o a terceros que han
        autorizado su uso, y están protegidos por la normativa de propiedad intelectual e industrial. Se permite su
        visualización y la descarga o impresión de su propia documentación para uso personal. Queda prohibida cualquier
        otra reproducción, distribución, comunicación pública o transformación sin autorización expresa del titular.
      </Text>

      <Title order={2}>9. Responsabilidad</Title>
      <Text>
        {Name} procura que el sitio web funcione correctamente y que su información sea exacta y esté actualizada, pero
        no puede garantizar la ausencia de interrupciones por tareas de mantenimiento, averías o causas ajenas a su
        control. En particular, y en la medida permitida por la ley, la clínica no responde de:
      </Text>
      <List spacing="xs">
        <List.Item>Los daños derivados de un uso del sitio contrario a estos términos.</List.Item>
        <List.Item>El uso indebido de las credenciales de acceso cuando el usuario no las haya custodiado.</List.Item>
        <List.Item>
          Los contenidos y políticas de los sitios de terceros a los que se enlaza (por ejemplo, el mapa de ubicación),
          que se rigen por sus propias condiciones.
        </List.Item>
      </List>
      <Text>
        Nada de lo dispuesto en estos términos limita la responsabilidad de la clínica por la asistencia sanitaria
        prestada ni los derechos que le reconoce el Real Decreto Legislativo 1/2007, por el que se aprueba el texto
        refundido de la Ley General para la Defensa de los Consumidores y Usuarios.
      </Text>

      <Title order={2}>10. Protección de datos</Title>
      <Text>
        {Name} trata sus datos personales, incluidos los de salud, conforme al Reglamento (UE) 2016/679 (RGPD), la Ley
        Orgánica 3/2018 (LOPDGDD) y la Ley 41/2002, de autonomía del paciente. Puede consultar quién es el responsable,
        con qué finalidades tratamos sus datos, cuánto tiempo los conservamos y cómo ejercer sus derechos en nuestra{' '}
        <Anchor component={Link} to="/politica-de-privacidad">
          política de privacidad
        </Anchor>
        . El sitio utiliza únicamente cookies técnicas necesarias para mantener la sesión.
      </Text>
    </>
  );
}

/** 11–13. Changes to these terms, applicable law and contact. */
export function ChangesAndContactSections({
  clinic,
  email,
  phone,
}: {
  clinic: PublicClinic | undefined;
  email: ReactNode;
  phone: ReactNode;
}) {
  return (
    <>
      <Title order={2}>11. Modificación de estos términos</Title>
      <Text>
        Podemos modificar estos términos para adaptarlos a cambios legales o en los servicios. La versión vigente es
        siempre la publicada en esta página, con su fecha de última actualización. Si los cambios son relevantes, se lo
        comunicaremos a los usuarios registrados antes de que entren en vigor. Las citas ya reservadas se regirán por
        los términos vigentes en el momento de la reserva.
      </Text>

      <Title order={2}>12. Legislación aplicable y jurisdicción</Title>
      <Text>
        Estos términos se rigen por la legislación española. Para cualquier controversia relacionada con el sitio web o
        sus servicios, y cuando el usuario tenga la condición de consumidor, serán competentes los juzgados y tribunales
        de su domicilio, conforme a la normativa de defensa de los consumidores y usuarios. Antes de acudir a ellos, le
        invitamos a contactar con nosotros para intentar resolverla de forma amistosa. Tiene también a su disposición
        hojas de reclamaciones en nuestras instalaciones.
      </Text>

      <Title order={2}>13. Contacto</Title>
      <Text>
        Para cualquier consulta sobre estos términos o sobre el funcionamiento del sitio web puede escribir a {email}
        {phone ? <> o llamar al {phone}</> : ' o llamar por teléfono a la clínica'}
        {clinic?.address ? `. También puede dirigirse a nosotros en ${clinic.address}` : ''}.
      </Text>
    </>
  );
}
