# DynamoDB table BlogTable, exported by singletable from ../designs/blog.singletable.yaml

resource "aws_dynamodb_table" "blog_table" {
  name = "BlogTable"
  billing_mode = "PAY_PER_REQUEST"
  hash_key = "pk"
  range_key = "sk"
  deletion_protection_enabled = true

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  attribute {
    name = "gsi1pk"
    type = "S"
  }

  attribute {
    name = "gsi1sk"
    type = "S"
  }

  global_secondary_index {
    name = "gsi1"
    hash_key = "gsi1pk"
    range_key = "gsi1sk"
    projection_type = "ALL"
  }

  point_in_time_recovery {
    enabled = true
  }

  tags = {
    "team" = "data"
    "cost-center" = "42"
  }
}
