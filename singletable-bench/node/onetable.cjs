'use strict';
// OneTable (dynamodb-onetable) on the SDK v3 client: a model with value templates for the keys.
const { table, client, order, finish } = require('./common.cjs');
const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { Table } = require('dynamodb-onetable');

const schema = {
  format: 'onetable:1.1.0',
  version: '0.0.1',
  indexes: { primary: { hash: 'PK', sort: 'SK' } },
  models: {
    Order: {
      PK: { type: String, value: 'CUSTOMER#${customerId}' },
      SK: { type: String, value: 'ORDER#${orderId}' },
      customerId: { type: String, required: true },
      orderId: { type: String, required: true },
      status: { type: String, enum: ['PLACED', 'PAID', 'SHIPPED', 'DELIVERED'] },
      total: { type: Number },
      itemCount: { type: Number },
      createdAt: { type: String },
      tags: { type: Array, items: { type: String } },
    },
  },
  params: { typeField: 'entityType', timestamps: false },
};

(async () => {
  const dynamo = new DynamoDBClient(client);
  const model = new Table({ client: dynamo, name: table, schema, partial: false }).getModel('Order');
  await model.create(order, { exists: null });
  const read = await model.get({ customerId: order.customerId, orderId: order.orderId });
  finish(read);
  dynamo.destroy();
})();
