'use strict';
// ElectroDB on the SDK v3 DocumentClient: an entity whose keys are templates over PK and SK.
const { table, client, order, finish } = require('./common.cjs');
const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = require('@aws-sdk/lib-dynamodb');
const { Entity } = require('electrodb');

(async () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(client));
  const orders = new Entity({
    model: { entity: 'Order', version: '1', service: 'bench' },
    attributes: {
      customerId: { type: 'string', required: true },
      orderId: { type: 'string', required: true },
      status: { type: ['PLACED', 'PAID', 'SHIPPED', 'DELIVERED'] },
      total: { type: 'number' },
      itemCount: { type: 'number' },
      createdAt: { type: 'string' },
      tags: { type: 'list', items: { type: 'string' } },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: ['orderId'], template: 'ORDER#${orderId}', casing: 'none' },
      },
    },
  }, { client: db, table });
  await orders.put(order).go();
  const { data } = await orders.get({ customerId: order.customerId, orderId: order.orderId }).go();
  finish(data);
  db.destroy();
})();
