import { Accordion, List } from '@mantine/core';

/** How to subscribe in each calendar app (their menus as they read in Spanish). */
export function SubscribeSteps() {
  return (
    <Accordion variant="separated" chevronPosition="left">
      <Accordion.Item value="google">
        <Accordion.Control>Google Calendar</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>En un ordenador, abre calendar.google.com.</List.Item>
            <List.Item>A la izquierda, junto a «Otros calendarios», pulsa «+» y elige «Desde URL».</List.Item>
            <List.Item>Pega el enlace y pulsa «Añadir calendario».</List.Item>
            <List.Item>Google lo actualiza por su cuenta, a veces con horas de retraso.</List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="outlook">
        <Accordion.Control>Outlook</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>En Outlook (web o escritorio), abre el calendario.</List.Item>
            <List.Item>Elige «Agregar calendario» y luego «Suscribirse desde la web».</List.Item>
            <List.Item>Pega el enlace, ponle un nombre y pulsa «Importar».</List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="apple">
        <Accordion.Control>Apple Calendar (iPhone y Mac)</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>
              En el iPhone: Ajustes › Calendario › Cuentas › Añadir cuenta › Otra › «Añadir calendario suscrito».
            </List.Item>
            <List.Item>En el Mac: en Calendario, menú Archivo › «Nueva suscripción a calendario».</List.Item>
            <List.Item>Pega el enlace y confirma; elige «Actualizar cada 15 minutos» si te lo pregunta.</List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
